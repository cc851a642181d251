import Foundation
import QwinkleKit

/// A report as moderators (and its reporter) are shown it.
public struct ModerationReport: Hashable, Sendable {
    /// The report's ID.
    public var id: String
    /// The reported account.
    public var account: Account
    /// Who reported it, when a person here still: absent for a report from another server.
    public var reporter: Account?
    /// The domain of the server that sent it, for a report from elsewhere.
    public var origin: String?
    /// The reported entries as the reporter saw them.
    public var entries: [TimelineEntry]
    /// What the reporter wrote.
    public var comment: String
    /// Whether a copy went to the reported person's server.
    public var forwarded: Bool
    /// When it was made.
    public var createdAt: Date
    /// When it was resolved; `nil` while it is open.
    public var resolvedAt: Date?
    /// The moderator who resolved it, when still here.
    public var resolvedBy: Account?

    /// Describes a report.
    public init(
        id: String, account: Account, reporter: Account?, origin: String?, entries: [TimelineEntry], comment: String, forwarded: Bool,
        createdAt: Date, resolvedAt: Date? = nil, resolvedBy: Account? = nil
    ) {
        self.id = id
        self.account = account
        self.reporter = reporter
        self.origin = origin
        self.entries = entries
        self.comment = comment
        self.forwarded = forwarded
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
        self.resolvedBy = resolvedBy
    }

    /// Whether the report waits for a moderator.
    public var isOpen: Bool { resolvedAt == nil }
}

/// A line of the moderation log as moderators are shown it.
public struct ModerationLogLine: Hashable, Sendable {
    /// The line's ID.
    public var id: String
    /// What was done.
    public var action: ModerationAction
    /// Who did it: absent for the operator at the command line.
    public var moderator: Account?
    /// To whom, when still here.
    public var account: Account?
    /// The report it answered.
    public var reportID: String?
    /// The moderator's words.
    public var note: String
    /// When.
    public var createdAt: Date

    /// Describes a line.
    public init(id: String, action: ModerationAction, moderator: Account?, account: Account?, reportID: String?, note: String, createdAt: Date) {
        self.id = id
        self.action = action
        self.moderator = moderator
        self.account = account
        self.reportID = reportID
        self.note = note
        self.createdAt = createdAt
    }
}
