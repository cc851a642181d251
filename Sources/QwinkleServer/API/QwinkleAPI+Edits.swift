import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    func updateEntry(_ input: Operations.UpdateEntry.Input) async throws -> Operations.UpdateEntry.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw APIError.badRequest("Send the edit as JSON.") }
        let viewer = try await viewer(for: account)
        let current = try await ownEntry(id: input.path.id, viewer: viewer)
        let content = try await validatedContent(
            kind: request.kind, body: request.body, visibility: request.visibility, photos: request.photos,
            dream: request.dream, author: account
        )
        let suggestion = EntrySuggestion(baseRevision: request.baseRevision, content: content)
        // A lost race re-reads the entry once: the edit is then judged against the winner, as a conflict.
        var entry = current
        for _ in 0..<2 {
            switch try await resolve(suggestion, against: entry) {
            case .applied(let edited) where edited.revision == entry.revision:
                return .ok(.init(body: .json(try await entryResponse(edited, viewer: viewer))))
            case .applied(let edited):
                if try await storage.updateEntry(edited, expectedRevision: entry.revision) {
                    events.publish(.updated(before: entry, after: edited))
                    return .ok(.init(body: .json(try await entryResponse(edited, viewer: viewer))))
                }
                entry = try await ownEntry(id: input.path.id, viewer: viewer)
            case .conflict(let conflict):
                return .conflict(.init(body: .json(try await conflictResponse(conflict, entry: entry, viewer: viewer))))
            }
        }
        throw APIError.conflict("edit_conflict", "The entry is being edited elsewhere; fetch it and suggest again.")
    }

    func listEntryRevisions(_ input: Operations.ListEntryRevisions.Input) async throws -> Operations.ListEntryRevisions.Output {
        let viewer = try await viewer(for: signedInAccount())
        let entry = try await ownEntry(id: input.path.id, viewer: viewer)
        let revisions = try await storage.revisions(of: entry.id)
        return .ok(.init(body: .json(try await entryResponses(revisions, viewer: viewer))))
    }

    func restoreEntryRevision(_ input: Operations.RestoreEntryRevision.Input) async throws -> Operations.RestoreEntryRevision.Output {
        let viewer = try await viewer(for: signedInAccount())
        let current = try await ownEntry(id: input.path.id, viewer: viewer)
        guard let old = try await storage.revisions(of: current.id).first(where: { $0.revision == input.path.revision }) else {
            throw APIError.notFound("Revision \(input.path.revision) of the entry \(current.id)")
        }
        guard old.content != current.content else {
            return .ok(.init(body: .json(try await entryResponse(current, viewer: viewer))))
        }
        var restored = current
        restored.content = old.content
        restored.revision += 1
        restored.editedAt = now()
        guard try await storage.updateEntry(restored, expectedRevision: current.revision) else {
            throw APIError.conflict("edit_conflict", "The entry changed while it was being restored; fetch it and try again.")
        }
        events.publish(.updated(before: current, after: restored))
        return .ok(.init(body: .json(try await entryResponse(restored, viewer: viewer))))
    }

    /// The entry if this account wrote it: 404 if they may not see it, 403 if they may but it is someone else's.
    private func ownEntry(id: String, viewer: Viewer) async throws -> Entry {
        let entry = try await readableEntry(id: id, viewer: viewer)
        guard entry.author == viewer.account else { throw APIError.forbidden("Only the author can edit an entry or see its revisions.") }
        return entry
    }

    /// The owner's judgement of a suggestion, with the base revision read from the stored revisions.
    private func resolve(_ suggestion: EntrySuggestion, against current: Entry) async throws -> EditResolution {
        let base = suggestion.baseRevision == current.revision
            ? current
            : try await storage.revisions(of: current.id).first { $0.revision == suggestion.baseRevision }
        do {
            guard let base else { throw EditRejection.unknownBaseRevision(suggestion.baseRevision, current: current.revision) }
            return try suggestion.resolve(against: current, base: base, editedAt: now(), rule: lengthRule)
        } catch let rejection as EditRejection {
            switch rejection {
            case .invalid, .unresolvedConflict: throw APIError.invalid(field: "body", rejection.message)
            case .unknownBaseRevision, .baseMismatch: throw APIError.invalid(field: "base_revision", rejection.message)
            }
        }
    }

    private func conflictResponse(_ conflict: EditConflict, entry: Entry, viewer: Viewer) async throws -> Components.Schemas.EditConflict {
        var base = entry
        base.content = conflict.base
        base.revision = conflict.baseRevision
        let message = conflict.conflicts.isEmpty
            ? "The entry changed since revision \(conflict.baseRevision); the merge is clean: look at it and suggest it again from revision \(entry.revision)."
            : "The entry changed since revision \(conflict.baseRevision) and the edits conflict; resolve the merge and suggest it again from revision \(entry.revision)."
        return Components.Schemas.EditConflict(
            error: .init(code: "edit_conflict", message: message),
            baseRevision: conflict.baseRevision,
            base: try await entryResponse(base, viewer: viewer),
            theirs: try await entryResponse(conflict.theirs, viewer: viewer),
            yours: .init(conflict.yours),
            merged: .init(conflict.merged),
            conflicts: conflict.conflicts.map(Components.Schemas.MergeConflict.init),
            problems: conflict.problems.map(\.message)
        )
    }
}

extension Components.Schemas.NewEntry {
    init(_ content: EntryContent) {
        self.init(
            kind: .init(content.kind.name),
            body: content.body,
            visibility: .init(content.visibility),
            photos: content.photos.map { .init(id: $0.id.rawValue, alt: $0.alt) },
            dream: content.dream.map(Components.Schemas.Dream.init)
        )
    }
}

extension Components.Schemas.MergeConflict {
    init(_ conflict: MergeConflict) {
        let part = PartPayload(rawValue: conflict.part.rawValue) ?? .body
        switch conflict {
        case .body(let values): self.init(part: part, values) { $0 }
        case .visibility(let values): self.init(part: part, values) { $0.rawValue }
        case .photos(let values): self.init(part: part, values) { $0.map(\.id.rawValue).joined(separator: ",") }
        case .creature(let values): self.init(part: part, values) { $0.rawValue }
        case .count(let values): self.init(part: part, values) { String($0.rawValue) }
        case .kind(let values): self.init(part: part, values) { $0.name.rawValue }
        }
    }

    private init<Value>(part: PartPayload, _ values: ConflictingValues<Value>, _ text: (Value) -> String) {
        self.init(part: part, base: text(values.base), theirs: text(values.theirs), yours: text(values.yours))
    }
}
