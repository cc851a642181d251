import Foundation

/// Something that happened to one download, in the order it happened.
public enum DownloadEvent: Hashable, Sendable {
    /// The server is sending bytes that go into the partial file from this offset: the paused length when a
    /// range request continues it, 0 for a fresh start or when the download had to start over.
    case receiving(fromOffset: Int64, strategy: DownloadStrategy)
    /// A chunk was written to the partial file.
    case progress(DownloadProgress)
    /// The transfer stopped; the partial file and its resume data are on disk.
    case paused(DownloadProgress)
    /// The verified file is at this URL. The last event.
    case finished(URL)
    /// The download ended without a file. The last event.
    case failed(DownloadError)
}
