import Foundation
import QwinkleKit

/// A report as it is made: the entries as the reporter saw them.
public struct NewReport: Hashable, Sendable {
    /// Who reports.
    public var reporter: ReportSource
    /// The reported account.
    public var account: Account.ID
    /// The reported entries, as the reporter was shown them.
    public var entries: [Entry]
    /// What the reporter wrote.
    public var comment: String
    /// Whether a copy goes to the reported person's server.
    public var forwarded: Bool

    /// Describes a report.
    public init(reporter: ReportSource, account: Account.ID, entries: [Entry] = [], comment: String = "", forwarded: Bool = false) {
        self.reporter = reporter
        self.account = account
        self.entries = entries
        self.comment = comment
        self.forwarded = forwarded
    }
}

/// One moderator's decision, made whole in one transaction with its line of the log.
public struct ModerationStep: Hashable, Sendable {
    /// Who decides (`nil` for the operator at the command line).
    public var moderator: Account.ID?
    /// What they do.
    public var action: ModerationAction
    /// To whom.
    public var account: Account.ID
    /// The report it answers, if any; a report it answers is resolved by it, but by `reopen`.
    public var report: Report.ID?
    /// The moderator's words.
    public var note: String
    /// Whether the entries it removes are told to other servers (an `OutgoingWrite` each, in its transaction): they
    /// are, when the account is of a federating server.
    public var announce: Bool

    /// Describes a decision.
    public init(
        moderator: Account.ID?, action: ModerationAction, account: Account.ID, report: Report.ID? = nil, note: String = "", announce: Bool = false
    ) {
        self.announce = announce
        self.moderator = moderator
        self.action = action
        self.account = account
        self.report = report
        self.note = note
    }
}

/// What a decision changed, for the work that follows its commit.
public struct ModerationOutcome: Hashable, Sendable {
    /// The line of the log it wrote.
    public var record: ModerationRecord
    /// The hashes of the tokens a suspension ended, so their live streams end too.
    public var endedTokenHashes: [String]
    /// The entries it removed, as they were.
    public var removedEntries: [Entry]

    /// Describes what a decision changed.
    public init(record: ModerationRecord, endedTokenHashes: [String] = [], removedEntries: [Entry] = []) {
        self.record = record
        self.endedTokenHashes = endedTokenHashes
        self.removedEntries = removedEntries
    }
}

/// Reports, moderators, the standing of accounts and the log of what moderators did.
///
/// A decision (`moderate`) is one transaction: the account's standing (a suspension ends its sessions too), the
/// removal of the report's entries, the report's resolution, and its line in the log happen whole or not at all.
public protocol ModerationStore: Sendable {
    /// Every account whose standing is not good, with it: few, read whole by every viewer's policy.
    func standings() async throws -> [Account.ID: AccountStanding]
    /// Whether the account is one of the server's moderators.
    func isModerator(_ account: Account.ID) async throws -> Bool
    /// The server's moderators, by username.
    func moderators() async throws -> [Account]
    /// Keeps a report with the entries as given; returns it.
    func createReport(_ report: NewReport, at date: Date) async throws -> Report
    /// The report with this ID.
    func report(id: Report.ID) async throws -> Report?
    /// Reports, newest first: the open ones only (`open: true`), the resolved ones only, or all (`nil`); of one
    /// account if `account` is given. The cursor is the report's ID.
    func reports(open: Bool?, account: Account.ID?, page: PageRequest) async throws -> [Paged<Report>]
    /// Accounts, newest first: of one standing only if `standing` is given, of this server only (`local: true`) or of
    /// others only if `local` is given. The cursor is the account's ID.
    func accounts(standing: AccountStanding?, local: Bool?, page: PageRequest) async throws -> [Paged<Account>]
    /// Makes a decision and logs it, in one transaction; `nil`, changing nothing, when the account (or the report it
    /// names, or one that is the account's) is not there.
    func moderate(_ step: ModerationStep, at date: Date) async throws -> ModerationOutcome?
    /// The log, newest first; of one account if `account` is given. The cursor is the record's ID.
    func moderationLog(account: Account.ID?, page: PageRequest) async throws -> [Paged<ModerationRecord>]
}
