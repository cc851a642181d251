import Foundation
import QwinkleKit

/// Why a download ended without a file.
public enum DownloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server could not be reached, or the connection broke off. A ranged download keeps its partial file
    /// and resume data, so it can continue later.
    case unreachable(URL, reason: String)
    /// The server answered with a status that is not the file, and the message from its JSON error body if any.
    case httpStatus(Int, message: String?)
    /// The server's answer made no sense for this download, such as fewer bytes than it announced.
    case unexpectedResponse(String)
    /// The bytes are not the ones expected; the bad file was deleted.
    case hashMismatch(expected: ContentHash, actual: ContentHash)
    /// The download was cancelled; its partial file and resume data were deleted.
    case cancelled
    /// There is no resume data for this destination.
    case noResumeData(URL)
    /// The resume data is damaged, or from a newer Qwinkle; start the download over.
    case resumeDataUnreadable(URL, FormatError)
    /// A local file could not be written, read or moved.
    case fileSystem(URL, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unreachable(let url, let reason):
            "The server for \(url.absoluteString) could not be reached (\(reason))."
        case .httpStatus(let status, let message?):
            "The server answered \(status): \(message)"
        case .httpStatus(let status, nil):
            "The server answered \(status) instead of the file."
        case .unexpectedResponse(let detail):
            "The server's answer cannot be used: \(detail)."
        case .hashMismatch(let expected, let actual):
            "The downloaded bytes hash to \(actual.hex), not the expected \(expected.hex); the file was deleted."
        case .cancelled:
            "The download was cancelled."
        case .noResumeData(let url):
            "There is no paused download to resume at \(url.path)."
        case .resumeDataUnreadable(let url, let problem):
            "The resume data at \(url.path) cannot be used, so the download must start over: \(problem.description)"
        case .fileSystem(let url, let reason):
            "The file \(url.path) could not be written: \(reason)."
        }
    }
}
