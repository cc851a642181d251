import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

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
        let form = try await form(PostedForm.Person.self, request, visit: visit)
        let username = (form.username ?? "").trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "@", with: "")
        let message: String
        let status: HTTPResponse.Status
        do {
            _ = try await services.social.addJournalReader(username, by: visit.signedInAccount())
            return .redirect(to: "/journal/readers")
        } catch ServiceError.notFound(let what) {
            (message, status) = ("\(what) was not found.", .notFound)
        } catch ServiceError.invalid(let fields, let summary) {
            (message, status) = (fields["username"]?.joined(separator: " ") ?? summary, .unprocessableContent)
        }
        return try await renderJournalReaders(username: FieldView(value: username, errors: [message]), visit: visit, status: status)
    }

    func removeJournalReader(_ username: String, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        try await services.social.removeJournalReader(username, by: visit.signedInAccount())
        return .redirect(to: "/journal/readers")
    }

    private func renderJournalReaders(username: FieldView, visit: WebVisit, status: HTTPResponse.Status = .ok) async throws -> Response {
        let readers = try await services.social.journalReaders(of: visit.signedInAccount())
        let content = JournalReadersContent(readers: readers.map(AccountView.init), username: username)
        return render("journal-readers", content, site: SiteView(title: "Journal sharing", visit: visit, section: "/journal"), status: status)
    }
}
