/// What an import did: how many entries it stored and found already there, and which follows and journal readers it
/// made again or could not, for want of the account on this server.
public struct ArchiveImportReport: Hashable, Sendable {
    /// The format the upload was read as.
    public var format: String
    /// Entries stored now.
    public var entriesImported: Int
    /// Entries an earlier import of the same archive had stored, left as they are.
    public var entriesAlreadyPresent: Int
    /// Photos stored for the new entries (the same bytes are kept once).
    public var photosImported: Int
    /// Usernames the account follows again.
    public var following: [String]
    /// Usernames the archive follows that have no account here.
    public var followingNotFound: [String]
    /// Usernames the account shares its journal with again.
    public var journalReaders: [String]
    /// Usernames the archive shared the journal with that have no account here.
    public var journalReadersNotFound: [String]
    /// What the import changed or left out, and why, a sentence each: an entry split to fit, a duplicate within the
    /// file, a Day One photo in a type Qwinkle does not keep, messages, drafts and scheduled entries.
    public var warnings: [String]

    /// A report.
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
