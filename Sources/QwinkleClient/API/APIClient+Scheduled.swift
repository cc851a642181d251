import Foundation
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// Schedules an entry to be posted at `time` (at least 5 minutes and at most a year ahead); nobody else sees it
    /// until then.
    public func scheduleEntry(_ content: EntryContent, at time: Date, draft: Draft.ID? = nil) async throws(QwinkleError) -> ScheduledEntry {
        var body = try sendable { try Components.Schemas.NewEntry(content) }
        body.scheduledAt = time
        body.draftId = draft?.rawValue
        let output = try await call { try await generated.createEntry(body: .json(body)) }
        guard case .accepted(let accepted) = output, case .json(let body) = accepted.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Your entries waiting to be posted, soonest first.
    public func scheduledEntries() async throws(QwinkleError) -> [ScheduledEntry] {
        let output = try await call { try await generated.listScheduledEntries() }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try body.map { s throws(QwinkleError) in try understood { try s.model() } }
    }

    /// One of your entries waiting to be posted.
    public func scheduledEntry(_ id: ScheduledEntry.ID) async throws(QwinkleError) -> ScheduledEntry {
        let output = try await call { try await generated.getScheduledEntry(path: .init(id: id.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Replaces one of your scheduled entries' content and time.
    public func changeScheduledEntry(_ id: ScheduledEntry.ID, to content: EntryContent, at time: Date) async throws(QwinkleError) -> ScheduledEntry {
        let entry = try sendable { try Components.Schemas.NewEntry(content) }
        let output = try await call {
            try await generated.updateScheduledEntry(path: .init(id: id.rawValue), body: .json(.init(scheduledAt: time, entry: entry)))
        }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Cancels one of your scheduled entries: it is never posted.
    public func cancelScheduledEntry(_ id: ScheduledEntry.ID) async throws(QwinkleError) {
        _ = try await call { try await generated.cancelScheduledEntry(path: .init(id: id.rawValue)) }
    }
}
