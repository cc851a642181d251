import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func listScheduledEntries(_ input: Operations.ListScheduledEntries.Input) async throws -> Operations.ListScheduledEntries.Output {
        let scheduled = try await services.scheduled.scheduled(of: signedInAccount())
        return .ok(.init(body: .json(try scheduled.map { try .init($0) })))
    }

    func getScheduledEntry(_ input: Operations.GetScheduledEntry.Input) async throws -> Operations.GetScheduledEntry.Output {
        .ok(.init(body: .json(try .init(try await services.scheduled.scheduled(id: input.path.id, by: signedInAccount())))))
    }

    func updateScheduledEntry(_ input: Operations.UpdateScheduledEntry.Input) async throws -> Operations.UpdateScheduledEntry.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the scheduled entry as JSON.") }
        if request.entry.scheduledAt != nil {
            throw ServiceError.invalid(field: "entry.scheduled_at", "Give the time once, as scheduled_at beside entry.")
        }
        // A draft is taken when it is scheduled (POST /api/qwinkle/v1/entries with draft_id); a change has none to take.
        if request.entry.draftId != nil {
            throw ServiceError.invalid(field: "entry.draft_id", "A change of a scheduled entry takes no draft_id: its draft was taken when it was scheduled.")
        }
        let changed = try await services.scheduled.change(
            id: input.path.id, to: try request.entry.requestedContent(), at: request.scheduledAt, by: account
        )
        return .ok(.init(body: .json(try .init(changed))))
    }

    func cancelScheduledEntry(_ input: Operations.CancelScheduledEntry.Input) async throws -> Operations.CancelScheduledEntry.Output {
        try await services.scheduled.cancel(id: input.path.id, by: signedInAccount())
        return .noContent(.init())
    }
}
