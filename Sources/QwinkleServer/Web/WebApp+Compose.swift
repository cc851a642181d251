import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

extension WebApp {
    /// The compose page: which kind, and the form.
    struct ComposeContent: Sendable {
        struct KindLink: Sendable {
            let href: String
            let label: String
            let current: Bool
        }

        let heading: String
        let kinds: [KindLink]
        let form: EntryFormView
    }

    func composePage(request: Request, visit: WebVisit) async throws -> Response {
        _ = try visit.signedInAccount()
        let kind = request.uri.queryParameters.get("kind").flatMap(Entry.Kind.Name.init(rawValue:)) ?? .update
        return renderCompose(EntryFormView(draft: EntryFormDraft(kind: kind), action: "/compose", submitLabel: "Post"), visit: visit)
    }

    func compose(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.Entry.self, request, visit: visit)
        let draft = EntryFormDraft(form: form)
        do {
            let time: Date?
            do { time = try draft.scheduled.date() } catch { throw ServiceError.invalid(field: "scheduled_at", LocalTimeInvalid.message) }
            if let time {
                _ = try await services.scheduled.schedule(try draft.draft(), at: time, by: visit.signedInAccount())
                return .redirect(to: "/scheduled")
            }
            let shown = try await services.entries.create(try draft.draft(), by: visit.signedInAccount(), idempotencyKey: form.idempotencyKey)
            return .redirect(to: "/entries/\(shown.entry.id)")
        } catch ServiceError.invalid(let fields, let message) {
            let view = EntryFormView(draft: draft, action: "/compose", submitLabel: "Post", errors: fields, message: message)
            return renderCompose(view, visit: visit, status: .unprocessableContent)
        }
    }

    private func renderCompose(_ form: EntryFormView, visit: WebVisit, status: HTTPResponse.Status = .ok) -> Response {
        let kinds: [(String, String)] = [("update", "Update"), ("journal", "Journal entry"), ("dream", "Dream")]
        let content = ComposeContent(
            heading: "New \(kinds.first { $0.0 == form.kind }?.1.lowercased() ?? "entry")",
            kinds: kinds.map { ComposeContent.KindLink(href: "/compose?kind=\($0.0)", label: $0.1, current: $0.0 == form.kind) },
            form: form
        )
        return render("compose", content, site: SiteView(title: content.heading, visit: visit, section: "/compose", scripts: ["compose.js", "schedule.js"]), status: status)
    }
}
