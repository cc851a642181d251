/// What an import into the signed-in account did (`POST /api/v1/accounts/me/archive`).
public struct ArchiveImportSummary: Hashable, Sendable {
    /// The format the server read the upload as.
    public var format: String
    /// Entries stored now.
    public var entriesImported: Int
    /// Entries an earlier import of the same archive had stored.
    public var entriesAlreadyPresent: Int
    /// Photos stored for the new entries.
    public var photosImported: Int
    /// Usernames the account follows again.
    public var following: [String]
    /// Usernames the archive follows that have no account on this server.
    public var followingNotFound: [String]
    /// Usernames the account shares its journal with again.
    public var journalReaders: [String]
    /// Usernames the archive shared the journal with that have no account on this server.
    public var journalReadersNotFound: [String]
    /// What the upload held that could not come along, and why.
    public var warnings: [String]

    /// A summary.
    public init(
        format: String, entriesImported: Int, entriesAlreadyPresent: Int, photosImported: Int, following: [String],
        followingNotFound: [String], journalReaders: [String], journalReadersNotFound: [String], warnings: [String] = []
    ) {
        self.format = format
        self.entriesImported = entriesImported
        self.entriesAlreadyPresent = entriesAlreadyPresent
        self.photosImported = photosImported
        self.following = following
        self.followingNotFound = followingNotFound
        self.journalReaders = journalReaders
        self.journalReadersNotFound = journalReadersNotFound
        self.warnings = warnings
    }
}
