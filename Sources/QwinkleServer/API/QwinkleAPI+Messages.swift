import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func sendMessage(_ input: Operations.SendMessage.Input) async throws -> Operations.SendMessage.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the message as JSON.") }
        let sent = try await services.messages.send(to: request.to, body: request.body, photoIDs: request.photoIds ?? [], by: account)
        return .created(.init(body: .json(.init(conversation: try .init(sent.conversation), message: .init(sent.message)))))
    }

    func listConversations(_ input: Operations.ListConversations.Input) async throws -> Operations.ListConversations.Output {
        let account = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/conversations", limit: input.query.limit, maxID: nil, sinceID: nil)
        let conversations = try await services.messages.conversations(of: account, page: page.request)
        return .ok(.init(body: .json(try conversations.items.map(Components.Schemas.Conversation.init))))
    }

    func readConversation(_ input: Operations.ReadConversation.Input) async throws -> Operations.ReadConversation.Output {
        let account = try await signedInAccount()
        return .ok(.init(body: .json(try .init(try await services.messages.markRead(input.path.id, by: account)))))
    }

    func removeConversation(_ input: Operations.RemoveConversation.Input) async throws -> Operations.RemoveConversation.Output {
        let account = try await signedInAccount()
        try await services.messages.remove(input.path.id, by: account)
        return .noContent(.init())
    }

    func listMessages(_ input: Operations.ListMessages.Input) async throws -> Operations.ListMessages.Output {
        let account = try await signedInAccount()
        let request = try TimelineService.pageRequest(limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let (conversation, messages) = try await services.messages.messages(in: input.path.id, page: request, by: account)
        let page = PageQuery(request: request, path: "/api/qwinkle/v1/conversations/\(conversation.conversation.id)/messages")
        return .ok(.init(headers: .init(link: page.nextLink(messages.next)), body: .json(messages.items.map(Components.Schemas.Message.init))))
    }
}
