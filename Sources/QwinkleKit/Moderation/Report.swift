import Foundation

/// A report of an account (and some of its entries) to the server's moderators, by a person here or by another
/// server (a `Flag`).
public struct Report: Hashable, Sendable, Identifiable {
    /// The identifier of a report.
    public typealias ID = Identifier<Report>

    /// The report's identifier.
    public var id: ID
    /// Who reported it.
    public var reporter: ReportSource
    /// The reported account.
    public var account: Account.ID
    /// The reported entries as the reporter saw them when they reported, oldest first.
    public var entries: [ReportedEntry]
    /// What the reporter wrote; may be empty.
    public var comment: String
    /// Whether a copy went to the reported person's server.
    public var forwarded: Bool
    /// When it was made.
    public var createdAt: Date
    /// Whether moderators are done with it.
    public var state: ReportState

    /// Describes a report.
    public init(
        id: ID, reporter: ReportSource, account: Account.ID, entries: [ReportedEntry] = [], comment: String = "", forwarded: Bool = false,
        createdAt: Date, state: ReportState = .open
    ) {
        self.id = id
        self.reporter = reporter
        self.account = account
        self.entries = entries
        self.comment = comment
        self.forwarded = forwarded
        self.createdAt = createdAt
        self.state = state
    }

    /// The longest comment a report keeps, as Mastodon allows.
    public static let maxComment = 1_000
    /// The most entries one report names.
    public static let maxEntries = 20
}

/// Who made a report; the cases exclude one another.
public enum ReportSource: Hashable, Sendable {
    /// A person of this server.
    case account(Account.ID)
    /// Another server, by a `Flag` (its domain): who there reported it is theirs to know.
    case server(String)
    /// A person of this server whose account is gone since.
    case departed
}

/// Where a report stands; the cases exclude one another.
public enum ReportState: Hashable, Sendable {
    /// Waiting for a moderator.
    case open
    /// Resolved by a moderator (`nil` once that account is gone) at a moment.
    case resolved(by: Account.ID?, at: Date)

    /// Whether the report waits for a moderator.
    public var isOpen: Bool { self == .open }
}

/// An entry named in a report: its ID (to act on it) and what the reporter saw of it.
public struct ReportedEntry: Hashable, Sendable {
    /// The entry's ID; it may have been deleted since.
    public var id: Entry.ID
    /// The entry as it was when it was reported.
    public var entry: Entry

    /// Describes a reported entry.
    public init(id: Entry.ID, entry: Entry) {
        self.id = id
        self.entry = entry
    }
}
