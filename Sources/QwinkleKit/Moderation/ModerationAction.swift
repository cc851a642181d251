import Foundation

/// What a moderator does, each recorded in the moderation log.
public enum ModerationAction: String, Hashable, Sendable, Codable, CaseIterable {
    /// Tells the account's person what they did wrong, in a note they are sent.
    case warn
    /// Limits the account (see `AccountStanding.limited`).
    case limit
    /// Suspends the account (see `AccountStanding.suspended`).
    case suspend
    /// Lifts a limit or a suspension.
    case restore
    /// Removes the report's entries: out of every read, kept in their author's trash, which cannot restore them.
    case deleteEntries = "delete_entries"
    /// Closes a report with nothing more done.
    case resolve
    /// Opens a resolved report again.
    case reopen
    /// Makes an account a moderator.
    case grantModerator = "grant_moderator"
    /// Ends an account's being a moderator.
    case revokeModerator = "revoke_moderator"

    /// The standing the action gives the account, if it changes one.
    public var standing: AccountStanding? {
        switch self {
        case .limit: .limited
        case .suspend: .suspended
        case .restore: .good
        default: nil
        }
    }

    /// The action as a sentence says it: "suspend", "delete the entries".
    public var spokenName: String {
        switch self {
        case .warn: "warn"
        case .limit: "limit"
        case .suspend: "suspend"
        case .restore: "restore"
        case .deleteEntries: "delete the entries"
        case .resolve: "resolve"
        case .reopen: "reopen"
        case .grantModerator: "make a moderator"
        case .revokeModerator: "end being a moderator"
        }
    }

    /// Whether the action needs a report to act on (its entries, or its state).
    public var needsReport: Bool {
        self == .deleteEntries || self == .resolve || self == .reopen
    }
}

/// One line of the moderation log: who did what to whom, when, and why.
public struct ModerationRecord: Hashable, Sendable, Identifiable {
    /// The identifier of a record.
    public typealias ID = Identifier<ModerationRecord>

    /// The record's identifier.
    public var id: ID
    /// The moderator (`nil` for the operator at the command line, or a moderator whose account is gone).
    public var moderator: Account.ID?
    /// What they did.
    public var action: ModerationAction
    /// The account it was done to (`nil` once that account is gone).
    public var account: Account.ID?
    /// The report it answered, if any.
    public var report: Report.ID?
    /// The moderator's words: the warning sent, or why.
    public var note: String
    /// When.
    public var createdAt: Date

    /// Describes a record.
    public init(
        id: ID, moderator: Account.ID?, action: ModerationAction, account: Account.ID?, report: Report.ID?, note: String, createdAt: Date
    ) {
        self.id = id
        self.moderator = moderator
        self.action = action
        self.account = account
        self.report = report
        self.note = note
        self.createdAt = createdAt
    }

    /// The longest note a record keeps.
    public static let maxNote = 1_000
}
