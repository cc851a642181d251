/// How much an archive may expand to when it is read, counted as it is inflated rather than taken from its headers
/// (which a "ZIP bomb" fills with small numbers).
public struct ArchiveLimits: Hashable, Sendable {
    /// The most bytes one file may expand to.
    public var maxFileBytes: Int
    /// The most bytes all the files read may expand to together.
    public var maxTotalBytes: Int
    /// The most files an archive may hold.
    public var maxFiles: Int

    /// Limits for reading an archive.
    public init(maxFileBytes: Int, maxTotalBytes: Int, maxFiles: Int) {
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxFiles = maxFiles
    }

    /// The server's defaults: 256 MiB a file (entries.json of a very large account), 4 GiB in all, 200,000 files.
    public static let standard = ArchiveLimits(maxFileBytes: 256 << 20, maxTotalBytes: 4 << 30, maxFiles: 200_000)
}
