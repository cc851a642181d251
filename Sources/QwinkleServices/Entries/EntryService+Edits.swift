import QwinkleKit
import QwinkleStorage

extension EntryService {
    /// Judges an edit of one of the account's entries as its owner: applied as a new revision when it starts from
    /// the current one, otherwise a conflict with the three-way merge. Nothing is ever merged silently.
    public func suggest(_ content: EntryContent, baseRevision: Int, to id: String, by account: Account) async throws -> EditOutcome {
        let viewer = try await context.viewer(for: account)
        var entry = try await owned(id: id, viewer: viewer, action: "edit")
        let suggestion = EntrySuggestion(baseRevision: baseRevision, content: try await validatedContent(content, author: account))
        var proposed = entry
        proposed.content = suggestion.content
        try Self.checkStaysInJournal(proposed)
        // A lost race re-reads the entry once: the edit is then judged against the winner, as a conflict.
        for _ in 0..<2 {
            switch try await resolve(suggestion, against: entry) {
            case .applied(let edited) where edited.revision == entry.revision:
                return .applied(try await shown(edited, viewer: viewer))
            case .applied(var edited):
                let notify = try await mentioned(in: &edited, before: entry)
                if try await storage.updateEntry(edited, expectedRevision: entry.revision, notify: notify, announce: context.announces(account)) {
                    context.events.publish(.updated(before: entry, after: edited, author: account))
                    for recipient in notify.keys { context.events.publish(.notified(recipient)) }
                    return .applied(try await shown(edited, viewer: viewer))
                }
                entry = try await owned(id: id, viewer: viewer, action: "edit")
            case .conflict(let conflict):
                // Nothing else is written for a refused edit, so the notification is recorded here, on its own.
                try await storage.addNotification(NewNotification(
                    recipient: account.id, kind: .editRefused, actor: account.id, entry: entry.id, baseRevision: conflict.baseRevision,
                    currentRevision: conflict.theirs.revision, createdAt: context.clock.now()
                ))
                context.events.publish(.notified(account.id))
                var base = entry
                base.content = conflict.base
                base.revision = conflict.baseRevision
                return .conflict(ShownConflict(
                    conflict: conflict, base: try await shown(base, viewer: viewer), theirs: try await shown(conflict.theirs, viewer: viewer)
                ))
            }
        }
        throw ServiceError.conflict(code: "edit_conflict", message: "The entry is being edited elsewhere; fetch it and suggest again.")
    }

    /// One of the account's entries, to open an editing copy of: `notFound` if they may not see it, `forbidden` if
    /// it is someone else's.
    public func editable(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        return try await shown(try await owned(id: id, viewer: viewer, action: "edit"), viewer: viewer)
    }

    /// Every revision of one of the account's entries, oldest first, each a whole value.
    public func revisions(of id: String, by account: Account) async throws -> [TimelineEntry] {
        let viewer = try await context.viewer(for: account)
        let entry = try await owned(id: id, viewer: viewer, action: "see the revisions of")
        return try await shown(try await storage.revisions(of: entry.id), viewer: viewer)
    }

    /// Makes an earlier revision of one of the account's entries current again, as a new revision.
    public func restore(revision: Int, of id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        let current = try await owned(id: id, viewer: viewer, action: "restore")
        guard let old = try await storage.revisions(of: current.id).first(where: { $0.revision == revision }) else {
            throw ServiceError.notFound("Revision \(revision) of the entry \(current.id)")
        }
        guard old.content != current.content else { return try await shown(current, viewer: viewer) }
        var restored = current
        restored.content = old.content
        restored.revision += 1
        restored.editedAt = context.clock.now()
        try Self.checkStaysInJournal(restored)
        let notify = try await mentioned(in: &restored, before: current)
        guard try await storage.updateEntry(restored, expectedRevision: current.revision, notify: notify, announce: context.announces(account)) else {
            throw ServiceError.conflict(code: "edit_conflict", message: "The entry changed while it was being restored; fetch it and try again.")
        }
        context.events.publish(.updated(before: current, after: restored, author: account))
        for recipient in notify.keys { context.events.publish(.notified(recipient)) }
        return try await shown(restored, viewer: viewer)
    }

    /// Finds the mentions of an edited entry's text, and who of those it did not mention before is to be told.
    private func mentioned(in edited: inout Entry, before: Entry) async throws -> [Account.ID: AccountNotification.Kind] {
        edited.mentions = try await mentions(in: edited.body, visibility: edited.content.visibility)
        let known = Set(before.mentions.map(\.account))
        return try await notified(EntryAudience(edited), mentions: edited.mentions.filter { !known.contains($0.account) }, reply: nil)
    }

    /// Refuses an edit that would take a reply out of its journal's thread (`Policy.journalProblem`).
    static func checkStaysInJournal(_ edited: Entry) throws {
        if let problem = Policy.journalProblem(visibility: edited.visibility, journal: edited.reply?.journal) {
            throw ServiceError.invalid(field: "visibility", problem)
        }
    }

    /// The owner's judgement of a suggestion, with the base revision read from the stored revisions.
    private func resolve(_ suggestion: EntrySuggestion, against current: Entry) async throws -> EditResolution {
        let base = suggestion.baseRevision == current.revision
            ? current
            : try await storage.revisions(of: current.id).first { $0.revision == suggestion.baseRevision }
        do {
            guard let base else { throw EditRejection.unknownBaseRevision(suggestion.baseRevision, current: current.revision) }
            return try suggestion.resolve(against: current, base: base, editedAt: context.clock.now(), rule: context.lengthRule)
        } catch let rejection as EditRejection {
            switch rejection {
            case .invalid, .unresolvedConflict: throw ServiceError.invalid(field: "body", rejection.message)
            case .unknownBaseRevision, .baseMismatch: throw ServiceError.invalid(field: "base_revision", rejection.message)
            }
        }
    }
}
