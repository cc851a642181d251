import Foundation
import HTTPTypes
import Hummingbird

extension WebApp {
    /// Who may read the signed-in person's journal.
    struct JournalReadersContent: Sendable {
        let readers: [AccountView]
        let username: FieldView
    }

    func journalReadersPage(visit: WebVisit) async throws -> Response {
        try await renderJournalReaders(username: FieldView(), visit: visit)
    }

    func addJournalReader(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(request, visit: visit)
        let username = (form["username"] ?? "").trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "@", with: "")
        do {
            _ = try await api.addJournalReader(.init(body: .json(.init(username: username)))).ok
            return .redirect(to: "/journal/readers")
        } catch let error as APIError where [.notFound, .unprocessableContent].contains(error.status) {
            let message = error.fields?["username"]?.joined(separator: " ") ?? error.message
            return try await renderJournalReaders(username: FieldView(value: username, errors: [message]), visit: visit, status: error.status)
        }
    }

    func removeJournalReader(_ username: String, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(request, visit: visit)
        _ = try await api.removeJournalReader(.init(path: .init(username: username))).noContent
        return .redirect(to: "/journal/readers")
    }

    private func renderJournalReaders(username: FieldView, visit: WebVisit, status: HTTPResponse.Status = .ok) async throws -> Response {
        let readers = try await api.listJournalReaders(.init()).ok.body.json
        let content = JournalReadersContent(readers: readers.map(AccountView.init), username: username)
        return render("journal-readers", content, site: SiteView(title: "Journal sharing", visit: visit, section: "/journal"), status: status)
    }
}
