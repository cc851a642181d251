import Foundation
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// Sends a private message to these usernames; the conversation of that set of people is found or started.
    public func sendMessage(to usernames: [String], body: String, photos: [Photo.ID] = []) async throws(QwinkleError)
        -> (conversation: ConversationSummary, message: Message)
    {
        let request = Components.Schemas.NewMessage(to: usernames, body: body, photoIds: photos.map(\.rawValue))
        let output = try await call { try await generated.sendMessage(body: .json(request)) }
        guard case .created(let created) = output, case .json(let sent) = created.body else { throw unexpected(0) }
        return (ConversationSummary(try understood { try sent.conversation.model() }), try understood { try sent.message.model() })
    }

    /// Your conversations, the most recently active first.
    public func conversations(limit: Int? = nil) async throws(QwinkleError) -> [ConversationSummary] {
        let output = try await call { try await generated.listConversations(query: .init(limit: limit)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try body.map { c throws(QwinkleError) in ConversationSummary(try understood { try c.model() }) }
    }

    /// Marks a conversation read up to its latest message, on every client.
    @discardableResult
    public func readConversation(_ conversation: Conversation.ID) async throws(QwinkleError) -> ConversationSummary {
        let output = try await call { try await generated.readConversation(path: .init(id: conversation.rawValue)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return ConversationSummary(try understood { try body.model() })
    }

    /// Takes a conversation off your list, on every client, until a new message comes.
    public func removeConversation(_ conversation: Conversation.ID) async throws(QwinkleError) {
        let output = try await call { try await generated.removeConversation(path: .init(id: conversation.rawValue)) }
        guard case .noContent = output else { throw unexpected(0) }
    }

    /// A conversation's messages, newest first.
    public func messages(in conversation: Conversation.ID, limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<Message> {
        let output = try await call {
            try await generated.listMessages(path: .init(id: conversation.rawValue), query: .init(limit: limit, maxId: before))
        }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(items: try body.map { m throws(QwinkleError) in try understood { try m.model() } }, nextCursor: nextCursor(fromLink: ok.headers.link))
    }
}
