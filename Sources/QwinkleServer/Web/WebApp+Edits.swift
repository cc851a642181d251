import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit

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
        let entry = try await api.getEntry(.init(path: .init(id: id))).ok.body.json
        guard visit.account?.id.rawValue == entry.authorId else {
            throw APIError.forbidden("Only the author can edit an entry.")
        }
        return renderEdit(entry, draft: EntryDraft(entry), baseRevision: entry.revision, visit: visit)
    }

    func edit(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(request, visit: visit)
        let draft = EntryDraft(form: form)
        let base = Int(form["base_revision"] ?? "") ?? 0
        let update = Components.Schemas.EntryUpdate(
            baseRevision: base, kind: draft.kind, body: draft.body, visibility: draft.visibility,
            photos: draft.photos, dream: try draft.dream()
        )
        do {
            switch try await api.updateEntry(.init(path: .init(id: id), body: .json(update))) {
            case .ok:
                return .redirect(to: "/entries/\(Self.pathEscaped(id))")
            case .conflict(let conflict):
                return try renderConflict(try conflict.body.json, yours: draft, visit: visit)
            default:
                throw APIError.conflict("edit_conflict", "The entry changed while it was being edited; open it and edit again.")
            }
        } catch let error as APIError where error.status == .unprocessableContent {
            let entry = try await api.getEntry(.init(path: .init(id: id))).ok.body.json
            return renderEdit(entry, draft: draft, baseRevision: base, errors: error.fields ?? [:], message: error.message, visit: visit)
        }
    }

    private func renderEdit(
        _ entry: Components.Schemas.Entry, draft: EntryDraft, baseRevision: Int, errors: [String: [String]] = [:],
        message: String? = nil, visit: WebVisit
    ) -> Response {
        let view = EntryView(entry, viewer: visit.account)
        let form = EntryFormView(
            draft: draft, action: "/entries/\(entry.id)/edit", submitLabel: "Done", errors: errors, message: message,
            baseRevision: baseRevision, cancelURL: view.url
        )
        let status: HTTPResponse.Status = errors.isEmpty && message == nil ? .ok : .unprocessableContent
        return render("edit", EditContent(entry: view, form: form), site: SiteView(title: "Edit", visit: visit, section: nil, scripts: ["compose.js"]), status: status)
    }

    private func renderConflict(_ conflict: Components.Schemas.EditConflict, yours: EntryDraft, visit: WebVisit) throws -> Response {
        let theirs = EntryView(conflict.theirs, viewer: visit.account)
        let merged = EntryDraft(conflict.merged)
        let form = EntryFormView(
            draft: merged, action: "/entries/\(conflict.theirs.id)/edit", submitLabel: "Done",
            message: conflict.conflicts.isEmpty ? nil : "Both changed the same words: choose in the merged text, then press Done.",
            baseRevision: conflict.theirs.revision, cancelURL: theirs.url
        )
        let content = ConflictContent(
            entry: theirs, theirs: theirs, yoursBody: yours.body, mergedBody: merged.body,
            parts: conflict.conflicts.map { .init(part: $0.part.rawValue, base: $0.base, theirs: $0.theirs, yours: $0.yours) },
            hasConflicts: !conflict.conflicts.isEmpty, problems: conflict.problems, form: form
        )
        return render("conflict", content, site: SiteView(title: "Changed meanwhile", visit: visit, section: nil, scripts: ["compose.js"]), status: .conflict)
    }

    func revisionsPage(_ id: String, visit: WebVisit) async throws -> Response {
        let entry = try await api.getEntry(.init(path: .init(id: id))).ok.body.json
        let revisions = try await api.listEntryRevisions(.init(path: .init(id: id))).ok.body.json
        let content = RevisionsContent(
            entry: EntryView(entry, viewer: visit.account),
            revisions: revisions.sorted { $0.revision > $1.revision }.map { revision in
                .init(
                    revision: revision.revision, body: revision.body,
                    visibilityLabel: Visibility(rawValue: revision.visibility.rawValue)?.label ?? revision.visibility.rawValue,
                    createdText: EntryView.timeText(revision.editedAt ?? revision.createdAt),
                    createdAt: RFC3339.string(from: revision.editedAt ?? revision.createdAt),
                    current: revision.revision == entry.revision,
                    restoreURL: "/entries/\(entry.id)/revisions/\(revision.revision)/restore"
                )
            }
        )
        return render("revisions", content, site: SiteView(title: "Revisions", visit: visit, section: nil))
    }

    func restore(_ id: String, revision: Int, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(request, visit: visit)
        _ = try await api.restoreEntryRevision(.init(path: .init(id: id, revision: revision))).ok
        return .redirect(to: "/entries/\(Self.pathEscaped(id))")
    }
}
