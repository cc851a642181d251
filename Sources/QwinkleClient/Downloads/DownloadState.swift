import Foundation

/// Where a download is: one value, so it can never be both running and paused.
public enum DownloadState: Hashable, Sendable {
    /// Made but not begun.
    case ready
    /// Bytes are being fetched (or the transfer is winding down after a pause or cancel was asked for).
    case running(DownloadProgress)
    /// Stopped, with the partial file and its resume data on disk.
    case paused(DownloadProgress)
    /// The verified file is at this URL.
    case finished(URL)
    /// Ended without a file.
    case failed(DownloadError)
}
