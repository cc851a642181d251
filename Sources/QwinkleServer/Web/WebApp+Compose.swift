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

    /// A new entry, (`?draft=ID`) one of the account's kept drafts continued, or (`?in_reply_to=ID`) a reply.
    func composePage(request: Request, visit: WebVisit) async throws -> Response {
        let account = try visit.signedInAccount()
        if let parent = request.uri.queryParameters.get("in_reply_to") {
            let shown = try await services.entries.entry(id: String(parent), viewer: services.accounts.viewer(for: account))
            return renderCompose(Self.replyForm(to: shown), visit: visit)
        }
        if let id = request.uri.queryParameters.get("draft") {
            let draft = try await services.drafts.draft(id: String(id), by: account)
            let view = EntryFormView(
                draft: EntryFormState(draft.content), action: "/compose", submitLabel: "Post", cancelURL: "/drafts",
                kept: .init(id: draft.id.rawValue, revision: draft.revision)
            )
            return renderCompose(view, visit: visit)
        }
        let kind = request.uri.queryParameters.get("kind").flatMap(Entry.Kind.Name.init(rawValue:)) ?? .update
        let view = EntryFormView(draft: EntryFormState(kind: kind), action: "/compose", submitLabel: "Post", cancelURL: "/home", kept: .unsaved)
        return renderCompose(view, visit: visit)
    }

    /// Posts the form; a kept draft it continues is deleted with the entry's creation.
    func compose(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.Entry.self, request, visit: visit)
        let draft = EntryFormState(form: form)
        let keptID = form.draftID.flatMap { $0.isEmpty ? nil : $0 }
        // Wider only when the person ticked the box saying so: a visibility that merely differs from the preselected
        // one may be a slip, and the services then refuse the reply and say why.
        let reply = form.inReplyTo.flatMap { $0.isEmpty ? nil : ReplyRequest(parent: $0, wider: form.widerVisibility == "on") }
        do {
            let time: Date?
            do { time = try draft.scheduled.date() } catch { throw ServiceError.invalid(field: "scheduled_at", LocalTimeInvalid.message) }
            let posting = try await services.post(
                try draft.content(), at: time, by: visit.signedInAccount(), idempotencyKey: form.idempotencyKey, savedDraft: keptID,
                replyingTo: reply
            )
            switch posting {
            case .posted(let shown): return .redirect(to: "/entries/\(shown.entry.id)")
            case .scheduled: return .redirect(to: "/scheduled")
            }
        } catch ServiceError.invalid(let fields, let message) {
            if let reply {
                let parent = try? await services.entries.entry(id: reply.parent, viewer: services.accounts.viewer(for: visit.account))
                let target = EntryFormView.Reply(id: reply.parent, username: parent?.author.username, wider: reply.wider)
                let view = EntryFormView(
                    draft: draft, action: "/compose", submitLabel: "Reply", errors: fields, message: message,
                    cancelURL: "/entries/\(reply.parent.urlComponentEscaped)", reply: target
                )
                return renderCompose(view, visit: visit, status: .unprocessableContent)
            }
            let view = EntryFormView(
                draft: draft, action: "/compose", submitLabel: "Post", errors: fields, message: message,
                cancelURL: keptID == nil ? "/home" : "/drafts", kept: .init(id: keptID, revision: form.draftRevision.flatMap { Int($0) })
            )
            return renderCompose(view, visit: visit, status: .unprocessableContent)
        }
    }

    /// The form that answers an entry the visitor may read, as the compose page and the entry's page show it.
    static func replyForm(to parent: TimelineEntry) -> EntryFormView {
        EntryFormView(
            draft: EntryFormState(replyingTo: parent.entry), action: "/compose", submitLabel: "Reply", cancelURL: "/entries/\(parent.entry.id)",
            reply: .init(id: parent.entry.id.rawValue, username: parent.author.username, wider: false)
        )
    }

    private func renderCompose(_ form: EntryFormView, visit: WebVisit, status: HTTPResponse.Status = .ok) -> Response {
        let kinds: [(String, String)] = [("update", "Update"), ("journal", "Journal entry"), ("dream", "Dream")]
        let content = ComposeContent(
            heading: form.reply == nil ? "New \(kinds.first { $0.0 == form.kind }?.1.lowercased() ?? "entry")" : "Reply",
            // A reply's kind follows its thread, so the form offers no other.
            kinds: form.reply != nil ? [] : kinds.map { ComposeContent.KindLink(href: "/compose?kind=\($0.0)", label: $0.1, current: $0.0 == form.kind) },
            form: form
        )
        return render("compose", content, site: SiteView(title: content.heading, visit: visit, section: "/compose", scripts: ["compose.js", "schedule.js"]), status: status)
    }
}
