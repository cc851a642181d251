import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func createEntry(_ input: Operations.CreateEntry.Input) async throws -> Operations.CreateEntry.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the entry as JSON.") }
        let posting = try await services.post(
            try request.requestedContent(), at: request.scheduledAt, by: account, idempotencyKey: input.headers.idempotencyKey,
            savedDraft: request.draftId, replyingTo: request.inReplyTo.map { ReplyRequest(parent: $0, wider: request.widerVisibility ?? false) }
        )
        switch posting {
        case .posted(let shown):
            return .created(.init(body: .json(try .init(shown))))
        case .scheduled(let scheduled):
            return .accepted(.init(
                headers: .init(location: "/api/qwinkle/v1/scheduled_entries/\(scheduled.id.rawValue)"), body: .json(try .init(scheduled))
            ))
        }
    }

    func getEntry(_ input: Operations.GetEntry.Input) async throws -> Operations.GetEntry.Output {
        let shown = try await services.entries.entry(id: input.path.id, viewer: currentViewer())
        return .ok(.init(body: .json(try .init(shown))))
    }

    func getEntryContext(_ input: Operations.GetEntryContext.Input) async throws -> Operations.GetEntryContext.Output {
        if let limit = input.query.limit, limit < 1 { throw ServiceError.invalid(field: "limit", "limit must be at least 1.") }
        let limit = min(input.query.limit ?? EntryService.defaultThreadLimit, TimelineService.maximumLimit)
        let cursor = try input.query.cursor.flatMap { try ThreadCursor.decoded($0, name: "cursor") }
        let page = try await services.entries.thread(id: input.path.id, viewer: currentViewer(), after: cursor, limit: limit)
        let link = page.next.map { "</api/qwinkle/v1/entries/\(input.path.id)/context?limit=\(limit)&cursor=\($0.encoded)>; rel=\"next\"" }
        // A thread's page is a page of entries like a timeline's: streamed (see `StreamedJSONBody`); the stand-in the
        // runtime encodes instead holds the one entry the contract requires, without its ancestors and replies.
        let context = try Components.Schemas.EntryContext(page.thread)
        let standIn = Components.Schemas.EntryContext(entry: context.entry, ancestors: [], replies: [])
        return .ok(.init(headers: .init(link: link), body: .json(StreamedJSONBody.offer(context, standIn: standIn))))
    }

    func deleteEntry(_ input: Operations.DeleteEntry.Input) async throws -> Operations.DeleteEntry.Output {
        try await services.entries.delete(id: input.path.id, by: signedInAccount())
        return .noContent(.init())
    }

    func markEntry(_ input: Operations.MarkEntry.Input) async throws -> Operations.MarkEntry.Output {
        .ok(.init(body: .json(try .init(try await services.entries.mark(id: input.path.id, by: signedInAccount())))))
    }

    func unmarkEntry(_ input: Operations.UnmarkEntry.Input) async throws -> Operations.UnmarkEntry.Output {
        .ok(.init(body: .json(try .init(try await services.entries.unmark(id: input.path.id, by: signedInAccount())))))
    }

    func bookmarkEntry(_ input: Operations.BookmarkEntry.Input) async throws -> Operations.BookmarkEntry.Output {
        .ok(.init(body: .json(try .init(try await services.entries.bookmark(id: input.path.id, by: signedInAccount())))))
    }

    func pinEntry(_ input: Operations.PinEntry.Input) async throws -> Operations.PinEntry.Output {
        .ok(.init(body: .json(try .init(try await services.entries.pin(id: input.path.id, by: signedInAccount())))))
    }

    func unpinEntry(_ input: Operations.UnpinEntry.Input) async throws -> Operations.UnpinEntry.Output {
        .ok(.init(body: .json(try .init(try await services.entries.unpin(id: input.path.id, by: signedInAccount())))))
    }

    func unbookmarkEntry(_ input: Operations.UnbookmarkEntry.Input) async throws -> Operations.UnbookmarkEntry.Output {
        .ok(.init(body: .json(try .init(try await services.entries.unbookmark(id: input.path.id, by: signedInAccount())))))
    }

    func shareEntry(_ input: Operations.ShareEntry.Input) async throws -> Operations.ShareEntry.Output {
        .ok(.init(body: .json(try .init(try await services.entries.share(id: input.path.id, by: signedInAccount())))))
    }

    func unshareEntry(_ input: Operations.UnshareEntry.Input) async throws -> Operations.UnshareEntry.Output {
        .ok(.init(body: .json(try .init(try await services.entries.unshare(id: input.path.id, by: signedInAccount())))))
    }
}
