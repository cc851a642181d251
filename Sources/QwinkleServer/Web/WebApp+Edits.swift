import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

extension WebApp {
    /// The editing copy of an entry: Done suggests it to the server, Cancel throws it away.
    struct EditContent: Sendable {
        let entry: EntryView
        let form: EntryFormView
    }

    /// A suggestion that met a change made meanwhile: theirs, yours, and the merge to accept or fix.
    struct ConflictContent: Sendable {
        struct Part: Sendable {
            let part: String
            let base: String
            let theirs: String
            let yours: String
        }

        let entry: EntryView
        let theirs: EntryView
        let yoursBody: String
        let mergedBody: String
        let parts: [Part]
        let hasConflicts: Bool
        let problems: [String]
        let form: EntryFormView
    }

    /// The revisions of an entry, newest first, each restorable.
    struct RevisionsContent: Sendable {
        struct Revision: Sendable {
            let revision: Int
            let body: String
            let visibilityLabel: String
            let createdText: String
            let createdAt: String
            let current: Bool
            let restoreURL: String
        }

        let entry: EntryView
        let revisions: [Revision]
    }

    func editPage(_ id: String, visit: WebVisit) async throws -> Response {
        let shown = try await services.entries.editable(id: id, by: visit.signedInAccount())
        return renderEdit(shown, draft: EntryFormState(shown.entry.content), baseRevision: shown.entry.revision, visit: visit)
    }

    func edit(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.Entry.self, request, visit: visit)
        let account = try visit.signedInAccount()
        let draft = EntryFormState(form: form)
        let base = Int(form.baseRevision ?? "") ?? 0
        do {
            switch try await services.entries.suggest(try draft.content(), baseRevision: base, to: id, by: account) {
            case .applied:
                return .redirect(to: "/entries/\(id.urlComponentEscaped)")
            case .conflict(let conflict):
                return renderConflict(conflict, yours: draft, visit: visit)
            }
        } catch ServiceError.invalid(let fields, let message) {
            let shown = try await services.entries.editable(id: id, by: account)
            return renderEdit(shown, draft: draft, baseRevision: base, errors: fields, message: message, visit: visit)
        }
    }

    private func renderEdit(
        _ shown: TimelineEntry, draft: EntryFormState, baseRevision: Int, errors: [String: [String]] = [:],
        message: String? = nil, visit: WebVisit
    ) -> Response {
        let view = EntryView(shown, viewer: visit.account)
        let form = EntryFormView(
            draft: draft, action: "/entries/\(shown.entry.id)/edit", submitLabel: "Done", errors: errors, message: message,
            baseRevision: baseRevision, cancelURL: view.url
        )
        let status: HTTPResponse.Status = errors.isEmpty && message == nil ? .ok : .unprocessableContent
        return render("edit", EditContent(entry: view, form: form), site: SiteView(title: "Edit", visit: visit, section: nil, scripts: ["compose.js"]), status: status)
    }

    private func renderConflict(_ shown: ShownConflict, yours: EntryFormState, visit: WebVisit) -> Response {
        let conflict = shown.conflict
        let theirs = EntryView(shown.theirs, viewer: visit.account)
        let merged = EntryFormState(conflict.merged)
        let form = EntryFormView(
            draft: merged, action: "/entries/\(shown.theirs.entry.id)/edit", submitLabel: "Done",
            message: conflict.conflicts.isEmpty ? nil : "Both changed the same words: choose in the merged text, then press Done.",
            baseRevision: shown.theirs.entry.revision, cancelURL: theirs.url
        )
        let content = ConflictContent(
            entry: theirs, theirs: theirs, yoursBody: yours.body, mergedBody: merged.body,
            parts: conflict.conflicts.map { part in
                let words = part.words
                return .init(part: words.part, base: words.base, theirs: words.theirs, yours: words.yours)
            },
            hasConflicts: !conflict.conflicts.isEmpty, problems: conflict.problems.map(\.message), form: form
        )
        return render("conflict", content, site: SiteView(title: "Changed meanwhile", visit: visit, section: nil, scripts: ["compose.js"]), status: .conflict)
    }

    func revisionsPage(_ id: String, visit: WebVisit) async throws -> Response {
        let revisions = try await services.entries.revisions(of: id, by: visit.signedInAccount())
        guard let current = revisions.max(by: { $0.entry.revision < $1.entry.revision }) else {
            throw ServiceError.notFound("The entry \(id)")
        }
        let content = RevisionsContent(
            entry: EntryView(current, viewer: visit.account),
            revisions: revisions.map(\.entry).sorted { $0.revision > $1.revision }.map { revision in
                .init(
                    revision: revision.revision, body: revision.body, visibilityLabel: revision.visibility.label,
                    createdText: EntryView.timeText(revision.editedAt ?? revision.createdAt),
                    createdAt: RFC3339.string(from: revision.editedAt ?? revision.createdAt),
                    current: revision.revision == current.entry.revision,
                    restoreURL: "/entries/\(revision.id)/revisions/\(revision.revision)/restore"
                )
            }
        )
        return render("revisions", content, site: SiteView(title: "Revisions", visit: visit, section: nil))
    }

    func restore(_ id: String, revision: Int, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        _ = try await services.entries.restore(revision: revision, of: id, by: visit.signedInAccount())
        return .redirect(to: "/entries/\(id.urlComponentEscaped)")
    }
}
