import Foundation

/// What to download and where to put it.
public struct DownloadRequest: Hashable, Sendable {
    /// The URL to fetch, such as a photo's `/api/qwinkle/v1/photos/3` on a Qwinkle server.
    public var source: URL
    /// The local file the bytes end up in; it appears only once they are complete and verified.
    public var destination: URL
    /// The hash the bytes must have; without one the server's ETag is used when it names a SHA-256.
    public var expectedSHA256: ContentHash?
    /// A batch this download belongs to: the delegate hears when every download of the batch has finished.
    public var group: String?

    /// Describes a download.
    public init(source: URL, destination: URL, expectedSHA256: ContentHash? = nil, group: String? = nil) {
        self.source = source
        self.destination = destination
        self.expectedSHA256 = expectedSHA256
        self.group = group
    }
}
