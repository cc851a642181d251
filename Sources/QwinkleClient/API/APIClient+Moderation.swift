import Foundation
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// Reports someone (and some of their entries) to the server's moderators; `forward` also tells their server,
    /// for someone elsewhere.
    public func report(_ username: String, entryIDs: [String], comment: String, forward: Bool) async throws(QwinkleError) -> ModerationReport {
        let request = Components.Schemas.ReportRequest(account: username, entryIds: entryIDs.isEmpty ? nil : entryIDs, comment: comment, forward: forward)
        let output = try await call { try await generated.createReport(body: .json(request)) }
        guard case .created(let created) = output, case .json(let body) = created.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// For moderators: the reports, newest first; the open ones (`open: true`), the resolved ones, or all (`nil`).
    public func reports(open: Bool?, limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<ModerationReport> {
        let state: Operations.ListReports.Input.Query.StatePayload = switch open {
        case true?: .open
        case false?: .resolved
        case nil: .all
        }
        let output = try await call { try await generated.listReports(query: .init(state: state, limit: limit, maxId: before)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(items: try body.map { r throws(QwinkleError) in try understood { try r.model() } }, nextCursor: nextCursor(fromLink: ok.headers.link))
    }

    /// For moderators: one report.
    public func moderationReport(_ id: String) async throws(QwinkleError) -> ModerationReport {
        let output = try await call { try await generated.getReport(path: .init(id: id)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// For moderators: acts on the account with this ID, for a report if given, with a note (a warning's words).
    public func moderate(
        accountID: String, _ action: ModerationAction, reportID: String?, note: String
    ) async throws(QwinkleError) -> ModerationLogLine {
        let wireAction = try understood { try Wire.value(Components.Schemas.ModerationActionRequest.ActionPayload.self, action.rawValue, field: "action") }
        let request = Components.Schemas.ModerationActionRequest(action: wireAction, reportId: reportID, note: note.isEmpty ? nil : note)
        let output = try await call { try await generated.moderateAccount(path: .init(id: accountID), body: .json(request)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// For moderators: accounts, newest first, of one standing if given.
    public func moderatedAccounts(standing: AccountStanding?, limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<Account> {
        let wire = try standing.map { s throws(QwinkleError) in try understood { try Wire.value(Components.Schemas.Standing.self, s.rawValue, field: "standing") } }
        let output = try await call { try await generated.listModeratedAccounts(query: .init(standing: wire, limit: limit, maxId: before)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(items: try body.map { a throws(QwinkleError) in try understood { try a.model() } }, nextCursor: nextCursor(fromLink: ok.headers.link))
    }

    /// For moderators: the moderation log, newest first; of one account (by ID) if given.
    public func moderationLog(accountID: String? = nil, limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<ModerationLogLine> {
        let output = try await call { try await generated.listModerationLog(query: .init(account: accountID, limit: limit, maxId: before)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(items: try body.map { l throws(QwinkleError) in try understood { try l.model() } }, nextCursor: nextCursor(fromLink: ok.headers.link))
    }
}

extension Components.Schemas.Report {
    /// The report this describes.
    func model() throws(WireMismatch) -> ModerationReport {
        let account = try account.model()
        return ModerationReport(
            id: id, account: account, reporter: try reporter.map { a throws(WireMismatch) in try a.model() }, origin: origin,
            entries: try entries.map { e throws(WireMismatch) in try e.model() }, comment: comment, forwarded: forwarded, createdAt: createdAt,
            resolvedAt: resolvedAt, resolvedBy: try resolvedBy.map { a throws(WireMismatch) in try a.model() }
        )
    }
}

extension Components.Schemas.ModerationRecord {
    /// The line this describes.
    func model() throws(WireMismatch) -> ModerationLogLine {
        ModerationLogLine(
            id: id, action: try Wire.value(ModerationAction.self, action.rawValue, field: "action"),
            moderator: try moderator.map { a throws(WireMismatch) in try a.model() }, account: try account.map { a throws(WireMismatch) in try a.model() },
            reportID: reportId, note: note, createdAt: createdAt
        )
    }
}
