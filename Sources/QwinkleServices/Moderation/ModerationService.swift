import Foundation
import QwinkleKit
import QwinkleStorage

/// Reports and what moderators do with them: anyone reports an account and some of its entries; the server's
/// moderators (made by the operator with `qwinkle admin`) read the queue and act (see `ModerationAction`), each act
/// logged in the same transaction as its effect.
public struct ModerationService: Sendable {
    let context: ServiceContext
    let entries: EntryService
    var storage: any Storage { context.storage }

    /// Builds the service over the shared context, showing entries as `entries` does.
    public init(context: ServiceContext, entries: EntryService) {
        self.context = context
        self.entries = entries
    }

    /// Reports `account` (by username or handle) and some of its entries, as `me` reads them, with a comment; a
    /// report of someone elsewhere may be forwarded to their server, which is told by the server (a `Flag`), never
    /// who reported. Each broken rule is reported by field.
    public func report(
        _ username: String, entryIDs: [String], comment: String, forward: Bool, by me: Account
    ) async throws -> ShownReport {
        let account = try await context.findAccount(username: username)
        var fields: [String: [String]] = [:]
        if account.id == me.id { fields["account", default: []].append("You cannot report yourself.") }
        let comment = comment.trimmingCharacters(in: .whitespacesAndNewlines)
        if comment.count > Report.maxComment { fields["comment", default: []].append("A comment may be at most \(Report.maxComment) characters.") }
        if entryIDs.count > Report.maxEntries { fields["entry_ids", default: []].append("Report at most \(Report.maxEntries) entries at once.") }
        let viewer = try await context.viewer(for: me)
        var reported: [Entry] = []
        for id in entryIDs.prefix(Report.maxEntries) {
            // Only what the reporter may read is theirs to report; anything else is as if it did not exist.
            let entry: Entry?
            do { entry = try await entries.readable(id: id, viewer: viewer) } catch ServiceError.notFound { entry = nil }
            guard let entry, entry.author == account.id else {
                fields["entry_ids", default: []].append("There is no entry \(id.prefix(40)) of @\(account.username) you can read.")
                continue
            }
            reported.append(entry)
        }
        if forward && account.isLocal { fields["forward", default: []].append("@\(account.username) is of this server; there is nowhere to forward to.") }
        guard fields.isEmpty else { throw ServiceError.invalid(fields) }
        let report = try await storage.createReport(
            NewReport(reporter: .account(me.id), account: account.id, entries: reported, comment: comment, forwarded: forward), at: context.clock.now()
        )
        if forward { try await context.remote?.flagged(report, account: account, entries: reported) }
        return ShownReport(report: report, account: account, reporter: me)
    }

    /// Keeps a report another server sent (a `Flag` from `domain`) of one of this server's people and some of their
    /// entries; entries of anyone else, or gone, are left out. `nil` when the account is not one of this server's.
    @discardableResult
    public func flagged(from domain: String, account: Account.ID, entryIDs: [Entry.ID], comment: String) async throws -> Report? {
        guard let account = try await storage.account(id: account), account.isLocal else { return nil }
        let named = try await storage.entries(ids: Array(entryIDs.prefix(Report.maxEntries))).filter { $0.author == account.id }
        let comment = String(comment.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Report.maxComment))
        return try await storage.createReport(
            NewReport(reporter: .server(domain), account: account.id, entries: named, comment: comment, forwarded: false), at: context.clock.now()
        )
    }

    /// Checks that `me` may moderate; anyone else is `forbidden`.
    public func requireModerator(_ me: Account) async throws {
        guard Policy.canModerate(me, isModerator: try await storage.isModerator(me.id)) else {
            throw ServiceError.forbidden("Only the server's moderators may do that.")
        }
    }

    /// Whether `me` may moderate, for a front door that shows moderators more.
    public func isModerator(_ me: Account) async throws -> Bool {
        Policy.canModerate(me, isModerator: try await storage.isModerator(me.id))
    }

    /// A page of reports for a moderator: the open ones (`open: true`), the resolved ones, or all; of one account
    /// (by username or handle) if given. Newest first.
    public func reports(open: Bool?, account username: String? = nil, page: PageRequest, by me: Account) async throws -> ListPage<ShownReport> {
        try await requireModerator(me)
        var account: Account.ID?
        if let username {
            guard let found = try await storage.account(username: username.hasPrefix("@") ? String(username.dropFirst()) : username) else {
                return ListPage(items: [], next: nil)
            }
            account = found.id
        }
        let found = try await storage.reports(open: open, account: account, page: page)
        return ListPage(items: try await shown(found.map(\.item)), next: found.count == page.limit ? found.last?.cursor : nil)
    }

    /// One report, for a moderator; `notFound` if there is none.
    public func report(id: String, by me: Account) async throws -> ShownReport {
        try await requireModerator(me)
        guard let shown = try await shown(try await existingReport(id)) else { throw ServiceError.notFound("The report \(id.prefix(40))") }
        return shown
    }

    /// Accounts for a moderator, newest first: of one standing if given, of this server or of others if `local` is
    /// given.
    public func accounts(standing: AccountStanding?, local: Bool? = nil, page: PageRequest, by me: Account) async throws -> ListPage<Account> {
        try await requireModerator(me)
        return ListPage(try await storage.accounts(standing: standing, local: local, page: page), page: page)
    }

    /// An account for a moderator, whatever its standing; `notFound` if there is none.
    public func account(id: String, by me: Account) async throws -> Account {
        try await requireModerator(me)
        guard let accountID = Account.ID(rawValue: id), accountID.integerValue != nil, let account = try await storage.account(id: accountID) else {
            throw ServiceError.notFound("The account \(id.prefix(40))")
        }
        return account
    }

    /// Does what a moderator decided to an account (by ID), for a report if given, with a note (a warning's text),
    /// and logs it: a moderator never acts on themself, and a warning needs words. After the commit, a suspension's
    /// sessions end live, removed entries leave every live timeline (and other servers), and a warning reaches the
    /// person as a message from the moderator.
    @discardableResult
    public func act(
        _ action: ModerationAction, on accountID: String, report reportID: String?, note: String, by me: Account
    ) async throws -> ModerationRecord {
        try await requireModerator(me)
        guard action != .grantModerator && action != .revokeModerator else {
            throw ServiceError.forbidden("Only the server's operator makes moderators, with `qwinkle admin`.")
        }
        let account = try await account(id: accountID, by: me)
        var report: Report?
        if let reportID {
            report = try await existingReport(reportID)
            guard report?.account == account.id else { throw ServiceError.notFound("The report \(reportID.prefix(40)) of this account") }
        }
        let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        var fields: [String: [String]] = [:]
        if account.id == me.id { fields["account", default: []].append("You cannot moderate yourself.") }
        if action.needsReport && report == nil { fields["report_id", default: []].append("Name the report to \(action.spokenName).") }
        if action == .warn && note.isEmpty { fields["note", default: []].append("Write the warning the person is sent.") }
        if action == .warn && !account.isLocal { fields["action", default: []].append("A warning reaches only people of this server.") }
        if note.count > ModerationRecord.maxNote { fields["note", default: []].append("A note may be at most \(ModerationRecord.maxNote) characters.") }
        guard fields.isEmpty else { throw ServiceError.invalid(fields) }
        let step = ModerationStep(
            moderator: me.id, action: action, account: account.id, report: report?.id, note: note, announce: context.announces(account)
        )
        guard let outcome = try await storage.moderate(step, at: context.clock.now()) else { throw ServiceError.notFound("The account \(accountID.prefix(40))") }
        try await afterCommit(outcome, of: account, by: me)
        return outcome.record
    }

    /// Makes an account a moderator or ends it, for the operator at the command line; logged with no moderator.
    /// Returns whether it changed anything.
    @discardableResult
    public func setModerator(_ username: String, _ isModerator: Bool) async throws -> Bool {
        guard let account = try await storage.account(username: username.hasPrefix("@") ? String(username.dropFirst()) : username), account.isLocal else {
            throw ServiceError.notFound("The account @\(username) of this server")
        }
        guard try await storage.isModerator(account.id) != isModerator else { return false }
        _ = try await storage.moderate(
            ModerationStep(moderator: nil, action: isModerator ? .grantModerator : .revokeModerator, account: account.id), at: context.clock.now()
        )
        return true
    }

    /// The server's moderators, for the operator.
    public func moderators() async throws -> [Account] {
        try await storage.moderators()
    }

    /// A page of the moderation log, for a moderator; of one account (by ID) if given. Newest first.
    public func log(account: String? = nil, page: PageRequest, by me: Account) async throws -> ListPage<ShownModerationRecord> {
        try await requireModerator(me)
        let accountID = account.flatMap { Account.ID(rawValue: $0) }
        let records = try await storage.moderationLog(account: accountID, page: page)
        let named = records.reduce(into: Set<Account.ID>()) { ids, record in
            if let moderator = record.item.moderator { ids.insert(moderator) }
            if let account = record.item.account { ids.insert(account) }
        }
        let accounts = try await storage.accounts(ids: named)
        return ListPage(
            items: records.map { ShownModerationRecord(record: $0.item, moderator: $0.item.moderator.flatMap { accounts[$0] }, account: $0.item.account.flatMap { accounts[$0] }) },
            next: records.count == page.limit ? records.last?.cursor : nil
        )
    }

    private func existingReport(_ id: String) async throws -> Report {
        guard let reportID = Report.ID(rawValue: id), reportID.integerValue != nil, let report = try await storage.report(id: reportID) else {
            throw ServiceError.notFound("The report \(id.prefix(40))")
        }
        return report
    }

    private func shown(_ report: Report) async throws -> ShownReport? {
        try await shown([report]).first
    }

    private func shown(_ reports: [Report]) async throws -> [ShownReport] {
        var ids = Set(reports.map(\.account))
        for report in reports {
            if case .account(let reporter) = report.reporter { ids.insert(reporter) }
            if case .resolved(let moderator?, _) = report.state { ids.insert(moderator) }
        }
        let accounts = try await storage.accounts(ids: ids)
        return reports.compactMap { report in
            guard let account = accounts[report.account] else { return nil }
            var shown = ShownReport(report: report, account: account)
            if case .account(let reporter) = report.reporter { shown.reporter = accounts[reporter] }
            if case .resolved(let moderator?, _) = report.state { shown.resolvedBy = accounts[moderator] }
            return shown
        }
    }

    private func afterCommit(_ outcome: ModerationOutcome, of account: Account, by me: Account) async throws {
        for hash in outcome.endedTokenHashes { context.events.publish(.signedOut(tokenHash: hash)) }
        if outcome.record.action.standing != nil { context.events.publish(.standingChanged(of: account.id)) }
        for entry in outcome.removedEntries { context.events.publish(.deleted(entry)) }
        if outcome.record.action == .warn {
            // A warning is a private message from the moderator: every client shows those, and a block does not stop it.
            _ = try await storage.sendMessage(
                NewMessage(sender: me.id, recipients: [account.id], body: outcome.record.note, photos: [], createdAt: context.clock.now())
            )
            context.events.publish(.notified(account.id))
        }
    }
}
