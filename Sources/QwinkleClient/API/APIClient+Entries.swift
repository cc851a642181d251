import Foundation
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// Posts an entry. With an idempotency key, sending the same entry again (after a lost answer) returns the
    /// first one and creates nothing. With `replyingTo` it replies to that entry; `wider` lets the reply reach more
    /// people than the entry it answers, which the server otherwise refuses.
    public func createEntry(
        _ content: EntryContent, idempotencyKey: String? = nil, replyingTo parent: Entry.ID? = nil, wider: Bool = false
    ) async throws(QwinkleError) -> TimelineEntry {
        var body = try sendable { try Components.Schemas.NewEntry(content) }
        body.inReplyTo = parent?.rawValue
        body.widerVisibility = parent != nil && wider ? true : nil
        let output = try await call {
            try await generated.createEntry(headers: .init(idempotencyKey: idempotencyKey), body: .json(body))
        }
        guard case .created(let created) = output, case .json(let body) = created.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// One entry.
    public func entry(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.getEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// An entry with its thread: the entries above it you may read and a page of the replies below it, in reply
    /// order; `after` is the previous page's `nextCursor`.
    public func thread(_ id: Entry.ID, limit: Int? = nil, after: String? = nil) async throws(QwinkleError) -> ThreadPage {
        let output = try await call { try await generated.getEntryContext(path: .init(id: id.rawValue), query: .init(cursor: after, limit: limit)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return ThreadPage(thread: try understood { try body.model() }, nextCursor: nextCursor(fromLink: ok.headers.link, parameter: "cursor"))
    }

    /// Deletes one of your entries.
    public func deleteEntry(_ id: Entry.ID) async throws(QwinkleError) {
        _ = try await call { try await generated.deleteEntry(path: .init(id: id.rawValue)) }
    }

    /// Marks an entry.
    public func mark(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.markEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Takes a mark away.
    public func unmark(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.unmarkEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Bookmarks an entry.
    public func bookmark(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.bookmarkEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Takes a bookmark away.
    public func unbookmark(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.unbookmarkEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Pins one of your entries to your profile.
    public func pin(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.pinEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Takes an entry off your profile's pins.
    public func unpin(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.unpinEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Pins `entry` if it is not pinned, or unpins it if it is, and returns its new value.
    public func togglePin(of entry: TimelineEntry) async throws(QwinkleError) -> TimelineEntry {
        entry.pinned ? try await unpin(entry.id) : try await pin(entry.id)
    }

    /// Bookmarks `entry` if you have not, or takes the bookmark away if you have, and returns its new value.
    public func toggleBookmark(of entry: TimelineEntry) async throws(QwinkleError) -> TimelineEntry {
        entry.bookmarked ? try await unbookmark(entry.id) : try await bookmark(entry.id)
    }

    /// Shares a public entry with your followers.
    public func share(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.shareEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Takes your share of an entry back.
    public func unshare(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.unshareEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Shares `entry` if you have not, or takes your share back if you have, and returns its new value.
    public func toggleShare(of entry: TimelineEntry) async throws(QwinkleError) -> TimelineEntry {
        entry.shared ? try await unshare(entry.id) : try await share(entry.id)
    }

    /// Marks `entry` if it is not marked, or unmarks it if it is, and returns its new value.
    public func toggleMark(of entry: TimelineEntry) async throws(QwinkleError) -> TimelineEntry {
        entry.marked ? try await unmark(entry.id) : try await mark(entry.id)
    }

    /// Suggests an edit: applied when it starts from the current revision, otherwise a conflict with the merge.
    public func suggestEdit(of id: Entry.ID, _ suggestion: EntrySuggestion) async throws(QwinkleError) -> EditOutcome {
        let request = try sendable { try Components.Schemas.EntryUpdate(baseRevision: suggestion.baseRevision, content: suggestion.content) }
        let output = try await call { try await generated.updateEntry(path: .init(id: id.rawValue), body: .json(request)) }
        switch output {
        case .ok(let ok):
            guard case .json(let body) = ok.body else { throw unexpected(200) }
            return .applied(try understood { try body.model() })
        case .conflict(let conflict):
            guard case .json(let body) = conflict.body else { throw unexpected(409) }
            return .conflict(EditConflictReport(
                message: body.error.message, base: try understood { try body.base.model() }.entry, theirs: try understood { try body.theirs.model() }.entry,
                yours: try understood { try body.yours.content() }, merged: try understood { try body.merged.content() }, conflictingParts: body.conflicts.map(\.part.rawValue),
                problems: body.problems
            ))
        default:
            throw unexpected(0)
        }
    }

    /// Every revision of one of your entries, oldest first.
    public func revisions(of id: Entry.ID) async throws(QwinkleError) -> [TimelineEntry] {
        let output = try await call { try await generated.listEntryRevisions(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try body.map { e throws(QwinkleError) in try understood { try e.model() } }
    }

    /// Makes an earlier revision current again, as a new revision.
    public func restore(_ id: Entry.ID, revision: Int) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.restoreEntryRevision(path: .init(id: id.rawValue, revision: revision)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Brings one of your deleted entries back from your trash, with the same ID, revisions and marks.
    public func restoreDeleted(_ id: Entry.ID) async throws(QwinkleError) -> TimelineEntry {
        let output = try await call { try await generated.restoreEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Uploads a photo (the server decides its type from the bytes and strips its metadata).
    public func uploadPhoto(_ bytes: [UInt8]) async throws(QwinkleError) -> Photo {
        let output = try await call { try await generated.uploadPhoto(body: .binary(HTTPBody(bytes))) }
        guard case .created(let created) = output, case .json(let body) = created.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }
}
