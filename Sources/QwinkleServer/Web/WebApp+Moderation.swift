import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// The report form: whom, which of their entries, and what to tell the moderators.
    struct ReportFormContent: Sendable {
        let person: AccountView
        /// Their entries the reporter may tick, the one they came from ticked.
        let entries: [ReportableEntry]
        /// For someone of another server: their server, to which the report may be forwarded.
        let host: String?
        let comment: String
        let errors: [String]
        let hasEntries: Bool
        let hasErrors: Bool
    }

    /// An entry the report form offers.
    struct ReportableEntry: Sendable {
        let id: String
        let text: String
        let checked: Bool
    }

    /// The moderators' queue.
    struct ModerationContent: Sendable {
        let reports: [ReportLine]
        let open: Bool
        let nextURL: String?
    }

    /// A report in the queue.
    struct ReportLine: Sendable {
        let url: String
        let id: String
        let account: AccountView
        let from: String
        let entries: String
        let comment: String
        let createdText: String
        let open: Bool
    }

    /// One report, with what a moderator may do.
    struct ModerationReportContent: Sendable {
        let report: ReportLine
        let standing: String?
        let entries: [EntryView]
        let resolvedText: String?
        let canRestore: Bool
        let hasEntries: Bool
        let isLocal: Bool
        let log: [LogLine]
    }

    /// A line of the moderation log.
    struct LogLine: Sendable {
        let text: String
        let note: String
        let createdText: String
    }

    /// The moderation log.
    struct ModerationLogContent: Sendable {
        let lines: [LogLine]
        let nextURL: String?
    }

    /// The report form as a moderation page's form posts it.
    struct ReportForm: Decodable, Sendable {
        var csrfToken: String?
        var comment: String?
        var forward: String?
        var entryIDs: [String]?

        enum CodingKeys: String, CodingKey {
            case csrfToken = "csrf_token"
            case comment, forward
            case entryIDs = "entry_id"
        }
    }

    /// A moderator's action as its form posts it.
    struct ActionForm: Decodable, Sendable {
        var csrfToken: String?
        var action: String?
        var note: String?

        enum CodingKeys: String, CodingKey {
            case csrfToken = "csrf_token"
            case action, note
        }
    }

    func reportForm(_ username: String, request: Request, visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        let person = try await services.accounts.account(username: username)
        return try await renderReportForm(person, ticked: Set(request.uri.queryParameters.getAll("entry")), comment: "", errors: [], me: me, visit: visit)
    }

    func sendReport(_ username: String, request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(ReportForm.self, request, visit: visit)
        let me = try visit.signedInAccount()
        let person = try await services.accounts.account(username: username)
        let comment = form.comment ?? ""
        do {
            _ = try await services.moderation.report(
                person.username, entryIDs: form.entryIDs ?? [], comment: comment, forward: form.forward == "on", by: me
            )
        } catch ServiceError.invalid(let fields, _) {
            return try await renderReportForm(
                person, ticked: Set(form.entryIDs ?? []), comment: comment, errors: fields.values.flatMap { $0 }, me: me, visit: visit,
                status: .unprocessableContent
            )
        }
        return .redirect(to: "/people/\(person.username.urlComponentEscaped)/report/sent")
    }

    /// Where a sent report leads, so that reloading it sends nothing again.
    func reportSent(_ username: String, visit: WebVisit) async throws -> Response {
        _ = try visit.signedInAccount()
        let person = try await services.accounts.account(username: username)
        return render("report-sent", AccountView(person), site: SiteView(title: "Report sent", visit: visit, section: nil))
    }

    private func renderReportForm(
        _ person: Account, ticked: Set<String>, comment: String, errors: [String], me: Account, visit: WebVisit, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let viewer = try await services.accounts.viewer(for: me)
        let recent = try await services.timelines.page(.author(person.id, viewer: me.id), page: PageRequest(limit: 20), viewer: viewer)
        // The entry the reporter came from comes first, even when it is older than the recent ones.
        var shown = recent.items
        for id in ticked where !shown.contains(where: { $0.entry.id.rawValue == id }) {
            if let entry = try? await services.entries.entry(id: id, viewer: viewer), entry.author.id == person.id { shown.insert(entry, at: 0) }
        }
        let content = ReportFormContent(
            person: AccountView(person),
            entries: shown.map {
                ReportableEntry(id: $0.entry.id.rawValue, text: String(($0.entry.content.warning.map { "⚠ \($0)" } ?? $0.entry.body).prefix(120)), checked: ticked.contains($0.entry.id.rawValue))
            },
            host: person.host, comment: comment, errors: errors, hasEntries: !shown.isEmpty, hasErrors: !errors.isEmpty
        )
        return render("report", content, site: SiteView(title: "Report @\(person.username)", visit: visit, section: nil), status: status)
    }

    func moderationPage(_ request: Request, visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        let open = request.uri.queryParameters.get("state") != "resolved"
        let page = try TimelineService.pageRequest(limit: 40, maxID: request.uri.queryParameters.get("max_id"), sinceID: nil)
        let reports = try await services.moderation.reports(open: open, page: page, by: me)
        let content = ModerationContent(
            reports: reports.items.map(Self.line), open: open,
            nextURL: reports.next.map { "/moderation?state=\(open ? "open" : "resolved")&max_id=\($0)" }
        )
        return render("moderation", content, site: SiteView(title: "Moderation", visit: visit, section: nil))
    }

    func moderationReportPage(_ id: String, visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        let shown = try await services.moderation.report(id: id, by: me)
        let log = try await services.moderation.log(account: shown.account.id.rawValue, page: PageRequest(limit: 20), by: me)
        var resolvedText: String?
        if case .resolved(_, let at) = shown.report.state {
            resolvedText = "Resolved \(EntryView.timeText(at))" + (shown.resolvedBy.map { " by @\($0.username)" } ?? "")
        }
        let content = ModerationReportContent(
            report: Self.line(shown), standing: shown.account.standing == .good ? nil : shown.account.standing.rawValue,
            entries: shown.report.entries.map { EntryView(TimelineEntry(entry: $0.entry, author: shown.account, marked: false), viewer: nil, signedIn: false) },
            resolvedText: resolvedText, canRestore: shown.account.standing != .good, hasEntries: !shown.report.entries.isEmpty,
            isLocal: shown.account.isLocal, log: log.items.map(Self.line)
        )
        return render("moderation-report", content, site: SiteView(title: "Report \(id)", visit: visit, section: nil))
    }

    func moderate(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(ActionForm.self, request, visit: visit)
        let me = try visit.signedInAccount()
        guard let action = form.action.flatMap(ModerationAction.init(rawValue:)) else {
            throw ServiceError.invalid(field: "action", "Choose what to do.")
        }
        let shown = try await services.moderation.report(id: id, by: me)
        try await services.moderation.act(action, on: shown.account.id.rawValue, report: id, note: form.note ?? "", by: me)
        return .redirect(to: "/moderation/reports/\(id)")
    }

    func moderationLogPage(_ request: Request, visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        let page = try TimelineService.pageRequest(limit: 50, maxID: request.uri.queryParameters.get("max_id"), sinceID: nil)
        let log = try await services.moderation.log(page: page, by: me)
        let content = ModerationLogContent(lines: log.items.map(Self.line), nextURL: log.next.map { "/moderation/log?max_id=\($0)" })
        return render("moderation-log", content, site: SiteView(title: "Moderation log", visit: visit, section: nil))
    }

    private static func line(_ shown: ShownReport) -> ReportLine {
        let report = shown.report
        let from: String =
            switch report.reporter {
            case .account: shown.reporter.map { "@\($0.username)" } ?? "someone here"
            case .server(let domain): domain
            case .departed: "someone gone since"
            }
        return ReportLine(
            url: "/moderation/reports/\(report.id.rawValue)", id: report.id.rawValue, account: AccountView(shown.account), from: from,
            entries: report.entries.count == 1 ? "1 entry" : "\(report.entries.count) entries", comment: report.comment,
            createdText: EntryView.timeText(report.createdAt), open: report.state.isOpen
        )
    }

    private static func line(_ shown: ShownModerationRecord) -> LogLine {
        let record = shown.record
        let who = shown.moderator.map { "@\($0.username)" } ?? "The operator"
        let whom = shown.account.map { " @\($0.username)" } ?? ""
        let report = record.report.map { " (report \($0.rawValue))" } ?? ""
        return LogLine(text: "\(who): \(record.action.spokenName)\(whom)\(report)", note: record.note, createdText: EntryView.timeText(record.createdAt))
    }
}
