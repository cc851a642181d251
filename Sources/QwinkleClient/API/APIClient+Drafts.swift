import Foundation
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// A page of your drafts, the most recently saved first; `before` is the previous page's `nextCursor`.
    public func drafts(limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<Draft> {
        let output = try await call { try await generated.listDrafts(query: .init(limit: limit, maxId: before)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(
            items: try body.map { d throws(QwinkleError) in try understood { try d.model() } },
            nextCursor: nextCursor(fromLink: ok.headers.link)
        )
    }

    /// Starts a draft, kept by the server for you alone.
    public func createDraft(_ content: EntryContent) async throws(QwinkleError) -> Draft {
        let body = try sendable { try Components.Schemas.DraftContent(content) }
        let output = try await call { try await generated.createDraft(body: .json(body)) }
        guard case .created(let created) = output, case .json(let draft) = created.body else { throw unexpected(0) }
        return try understood { try draft.model() }
    }

    /// One of your drafts.
    public func draft(_ id: Draft.ID) async throws(QwinkleError) -> Draft {
        let output = try await call { try await generated.getDraft(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Saves a draft: kept when it starts from the current revision, otherwise a conflict with the merge.
    public func saveDraft(_ id: Draft.ID, _ save: DraftSave) async throws(QwinkleError) -> DraftOutcome {
        let request = try sendable { try Components.Schemas.DraftUpdate(baseRevision: save.baseRevision, content: save.content) }
        let output = try await call { try await generated.updateDraft(path: .init(id: id.rawValue), body: .json(request)) }
        switch output {
        case .ok(let ok):
            guard case .json(let body) = ok.body else { throw unexpected(200) }
            return .saved(try understood { try body.model() })
        case .conflict(let conflict):
            guard case .json(let body) = conflict.body else { throw unexpected(409) }
            return .conflict(DraftConflictReport(
                message: body.error.message, baseRevision: body.baseRevision, base: try understood { try body.base.content() },
                theirs: try understood { try body.theirs.model() }, yours: try understood { try body.yours.content() },
                merged: try understood { try body.merged.content() }, conflictingParts: body.conflicts.map(\.part.rawValue)
            ))
        default:
            throw unexpected(0)
        }
    }

    /// Deletes one of your drafts.
    public func deleteDraft(_ id: Draft.ID) async throws(QwinkleError) {
        _ = try await call { try await generated.deleteDraft(path: .init(id: id.rawValue)) }
    }

    /// Posts one of your drafts as it is now, as an entry; the server deletes the draft with the entry's creation.
    public func post(draft id: Draft.ID, _ content: EntryContent, idempotencyKey: String? = nil) async throws(QwinkleError) -> TimelineEntry {
        var body = try sendable { try Components.Schemas.NewEntry(content) }
        body.draftId = id.rawValue
        let output = try await call {
            try await generated.createEntry(headers: .init(idempotencyKey: idempotencyKey), body: .json(body))
        }
        guard case .created(let created) = output, case .json(let entry) = created.body else { throw unexpected(0) }
        return try understood { try entry.model() }
    }
}
