import QwinkleKit

/// A report as moderators are shown it: with the accounts it names.
public struct ShownReport: Hashable, Sendable {
    /// The report.
    public var report: Report
    /// The reported account.
    public var account: Account
    /// The person who reported it, when they are of this server and still here.
    public var reporter: Account?
    /// The moderator who resolved it, when it is resolved by one still here.
    public var resolvedBy: Account?

    /// Describes a shown report.
    public init(report: Report, account: Account, reporter: Account? = nil, resolvedBy: Account? = nil) {
        self.report = report
        self.account = account
        self.reporter = reporter
        self.resolvedBy = resolvedBy
    }
}

/// A line of the moderation log as moderators are shown it: with the accounts it names.
public struct ShownModerationRecord: Hashable, Sendable {
    /// The line.
    public var record: ModerationRecord
    /// The moderator, when still here (`nil` also for the operator at the command line).
    public var moderator: Account?
    /// The account acted on, when still here.
    public var account: Account?

    /// Describes a shown line.
    public init(record: ModerationRecord, moderator: Account? = nil, account: Account? = nil) {
        self.record = record
        self.moderator = moderator
        self.account = account
    }
}
