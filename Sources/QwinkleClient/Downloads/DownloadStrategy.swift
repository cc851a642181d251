/// How a download continues after a pause, chosen once per download by what the server can do (talk 002's
/// class cluster): byte ranges when it offers them, otherwise fetching the whole file again.
public enum DownloadStrategy: UInt8, Hashable, Sendable, CustomStringConvertible {
    /// The server says `Accept-Ranges: bytes` and gives a strong ETag: ask for the rest with `Range` and `If-Range`.
    case byteRanges = 1
    /// The graceful fallback: a paused download starts again from the first byte.
    case wholeFile = 2

    /// The capability check, made on the first response and never again: the choice is kept in the resume data.
    init(acceptsByteRanges: Bool, etag: String?) {
        let strongETag = etag.map { !$0.hasPrefix("W/") } ?? false
        self = acceptsByteRanges && strongETag ? .byteRanges : .wholeFile
    }

    /// The one place that knows every implementation; nothing else asks which strategy a download uses.
    var downloader: any Downloader {
        switch self {
        case .byteRanges: RangedDownloader()
        case .wholeFile: WholeFileDownloader()
        }
    }

    /// "byte ranges" or "whole file".
    public var description: String {
        switch self {
        case .byteRanges: "byte ranges"
        case .wholeFile: "whole file"
        }
    }
}
