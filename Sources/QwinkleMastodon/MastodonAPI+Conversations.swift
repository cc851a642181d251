import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// Mastodon's conversations over Qwinkle's private messages: listed, read and removed for the caller alone, the
    /// same conversations the web, the CLI and the terminal app show.
    func addConversationRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/v1/conversations") { request, _ in
            let me = try await caller(request).account(needing: "read:statuses")
            let query = request.uri.queryParameters
            // Paged by the status ID of each conversation's latest message, as Mastodon pages them.
            let page = PageRequest(
                limit: try Self.limit(request), maxCursor: try MastodonStatusID.cursor(query.get("max_id"), field: "max_id"),
                sinceCursor: try MastodonStatusID.cursor(query.get("since_id"), field: "since_id")
            )
            let found = try await services.messages.conversations(of: me, page: page, above: try MastodonStatusID.cursor(query.get("min_id"), field: "min_id"))
            let counts = try await services.accounts.counts(of: found.items.flatMap { Array($0.accounts.values) })
            let mapping = mapping(request)
            let newest = found.items.first?.lastMessage.map { MastodonStatusID.of($0.id) }
            return try Self.json(
                found.items.map { mapping.conversation($0, reader: me.id, counts: counts) },
                headers: Self.linkHeader(
                    next: found.next.map { MastodonStatusID.messageBase + $0 }, newest: newest, limit: page.limit,
                    base: mapping.origin.base + "/api/v1/conversations"
                )
            )
        }
        router.post("/api/v1/conversations/:id/read") { request, context in
            let me = try await caller(request).account(needing: "write:conversations")
            let shown = try await services.messages.markRead(context.parameters.get("id") ?? "", by: me)
            let counts = try await services.accounts.counts(of: Array(shown.accounts.values))
            return try Self.json(mapping(request).conversation(shown, reader: me.id, counts: counts))
        }
        router.delete("/api/v1/conversations/:id") { request, context in
            let me = try await caller(request).account(needing: "write:conversations")
            try await services.messages.remove(context.parameters.get("id") ?? "", by: me)
            return try Self.json([String: String]())
        }
    }

    /// A private message posted as Mastodon's `direct` status: to the people its text names, and when it answers a
    /// message, to everyone in that message's conversation too. `nil` when it is no message: a direct status that
    /// names nobody and answers no message is an entry its author alone reads, as Mastodon keeps it.
    func sendDirect(_ input: NewStatus, by me: Account, request: Request) async throws -> MastodonStatus? {
        let mapping = mapping(request)
        let named = EntryText(input.status ?? "").mentionNames.map { Self.username($0.text, localHost: mapping.origin.host) }
        let answered = input.inReplyToId.flatMap(MastodonStatusID.message)
        guard !named.isEmpty || answered != nil else { return nil }
        if input.scheduledAt != nil {
            throw ServiceError.invalid(field: "scheduled_at", "A direct message is sent now: it cannot be scheduled.")
        }
        if let warning = input.spoilerText, !warning.allSatisfy(\.isWhitespace) {
            throw ServiceError.invalid(field: "spoiler_text", "A direct message carries no content warning: send it without one.")
        }
        let body = input.status ?? ""
        let photos = input.mediaIds ?? []
        let sent = if let answered {
            try await services.messages.send(
                in: try await services.messages.message(answered, by: me).conversation.conversation.id.rawValue, alsoTo: named,
                body: body, photoIDs: photos, by: me
            )
        } else {
            try await services.messages.send(to: named, body: body, photoIDs: photos, by: me)
        }
        let counts = try await services.accounts.counts(of: Array(sent.conversation.accounts.values))
        return mapping.status(sent.message, in: sent.conversation, counts: counts)
    }

    /// A message as a `direct` status to one of its conversation's participants; to anyone else, and to nobody
    /// signed in, it does not exist.
    func messageStatus(_ id: Message.ID, request: Request, me: Account?) async throws -> MastodonStatus {
        let missing = ServiceError.notFound("The status \(MastodonStatusID.of(id))")
        guard let me else { throw missing }
        let (shown, message) = try await services.messages.message(id, by: me)
        let counts = try await services.accounts.counts(of: Array(shown.accounts.values))
        guard let status = mapping(request).status(message, in: shown, counts: counts) else { throw missing }
        return status
    }

    /// A message's context: the messages of its conversation before and after it (up to 40 each), each answering
    /// the one before, so that an app shows the conversation as the thread Mastodon makes of it.
    func messageContext(_ id: Message.ID, request: Request, me: Account?) async throws -> MastodonContext {
        guard let me else { throw ServiceError.notFound("The status \(MastodonStatusID.of(id))") }
        let (shown, message) = try await services.messages.message(id, by: me)
        let conversation = shown.conversation.id.rawValue
        let cursor = id.integerValue ?? 0
        let before = try await services.messages.messages(in: conversation, page: PageRequest(limit: 41, maxCursor: cursor), by: me).page.items
        let after = try await services.messages.messages(in: conversation, page: PageRequest(limit: 40, sinceCursor: cursor), by: me).page.items
        let counts = try await services.accounts.counts(of: Array(shown.accounts.values))
        let mapping = mapping(request)
        // Oldest first, each with the one before it (the oldest of the page read one extra, to know its own).
        let older = Array(before.reversed())
        let ancestors = older.indices.dropFirst(older.count > 40 ? 1 : 0).compactMap { index in
            mapping.status(older[index], in: shown, counts: counts, replyingTo: index > 0 ? older[index - 1] : nil)
        }
        let newer = [message] + after.reversed()
        let descendants = newer.indices.dropFirst().compactMap { index in
            mapping.status(newer[index], in: shown, counts: counts, replyingTo: newer[index - 1])
        }
        return MastodonContext(ancestors: ancestors, descendants: descendants)
    }
}
