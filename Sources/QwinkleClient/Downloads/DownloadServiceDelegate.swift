import Foundation

/// Customises what happens as a `DownloadService` works (talk 000's delegate protocol): the service knows
/// nothing of its delegate but this. Every method has a default that does nothing.
///
/// The service calls these from its own isolation, one at a time and in order for each download. A download
/// waits for its progress call to return before it writes its next chunk, so a delegate may pause it there.
public protocol DownloadServiceDelegate: Sendable {
    /// Bytes of the download from `source` reached the partial file.
    func downloadService(_ service: DownloadService, didWrite progress: DownloadProgress, for source: URL)
    /// The download from `source` ended: the verified local file, or why there is none.
    func downloadService(_ service: DownloadService, didFinishDownloading source: URL, with result: Result<URL, DownloadError>)
    /// Every download made in the group `identifier` has ended (like a background session's
    /// "did finish events for identifier"): time to update the screen once, or call a completion handler.
    func downloadService(_ service: DownloadService, didFinishEventsForGroup identifier: String)
}

extension DownloadServiceDelegate {
    /// Does nothing.
    public func downloadService(_ service: DownloadService, didWrite progress: DownloadProgress, for source: URL) {}
    /// Does nothing.
    public func downloadService(_ service: DownloadService, didFinishDownloading source: URL, with result: Result<URL, DownloadError>) {}
    /// Does nothing.
    public func downloadService(_ service: DownloadService, didFinishEventsForGroup identifier: String) {}
}
