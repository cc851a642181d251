import Foundation
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    /// The most people one message may go to.
    static let maxRecipients = 20

    func sendMessage(_ input: Operations.SendMessage.Input) async throws -> Operations.SendMessage.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw APIError.badRequest("Send the message as JSON.") }
        var fields: [String: [String]] = [:]
        var recipients: Set<Account.ID> = []
        for username in Set(request.to.map { $0.lowercased() }) {
            if let recipient = try await storage.account(username: username) {
                if recipient.id != account.id { recipients.insert(recipient.id) }
            } else {
                fields["to", default: []].append("There is no account @\(username).")
            }
        }
        if recipients.isEmpty && fields["to"] == nil { fields["to"] = ["Name at least one other person to send to."] }
        if recipients.count > Self.maxRecipients { fields["to", default: []].append("Send to at most \(Self.maxRecipients) people at once.") }
        let photoIDs = request.photoIds ?? []
        var photos: [Photo.ID] = []
        for id in photoIDs {
            if let photo = try await ownPhoto(id, of: account) { photos.append(photo) } else {
                fields["photo_ids", default: []].append("Send only photos you uploaded; \(id) is not one.")
            }
        }
        if photoIDs.count > lengthRule.maxPhotos { fields["photo_ids", default: []].append("Send at most \(lengthRule.maxPhotos) photos.") }
        let weighted = lengthRule.weightedLength(of: request.body)
        if request.body.allSatisfy(\.isWhitespace) && photos.isEmpty { fields["body", default: []].append("Write something or attach a photo.") }
        if weighted > lengthRule.journalMaxCharacters {
            fields["body", default: []].append("A message may be at most \(lengthRule.journalMaxCharacters) characters.")
        }
        guard fields.isEmpty else { throw APIError.invalid(fields) }
        let sent = try await storage.sendMessage(NewMessage(sender: account.id, recipients: recipients, body: request.body, photos: photos, createdAt: now()))
        let accounts = try await storage.accounts(ids: sent.conversation.participants)
        return .created(.init(body: .json(.init(conversation: .init(sent.conversation, accounts: accounts), message: .init(sent.message)))))
    }

    func listConversations(_ input: Operations.ListConversations.Input) async throws -> Operations.ListConversations.Output {
        let account = try await signedInAccount()
        let page = try PageQuery(path: "/api/v1/conversations", limit: input.query.limit, maxID: nil, sinceID: nil)
        let conversations = try await storage.conversations(of: account.id, limit: page.request.limit)
        let accounts = try await storage.accounts(ids: conversations.reduce(into: Set()) { $0.formUnion($1.participants) })
        return .ok(.init(body: .json(conversations.map { .init($0, accounts: accounts) })))
    }

    func listMessages(_ input: Operations.ListMessages.Input) async throws -> Operations.ListMessages.Output {
        let viewer = try await viewer(for: signedInAccount())
        guard let id = Conversation.ID(rawValue: input.path.id), id.integerValue != nil,
            let conversation = try await storage.conversation(id: id), ReadPolicy.canRead(conversation, viewer: viewer)
        else { throw APIError.notFound("The conversation \(input.path.id)") }
        let page = try PageQuery(path: "/api/v1/conversations/\(id)/messages", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let messages = try await storage.messages(in: conversation.id, page: page.request)
        let next = messages.count == page.request.limit ? messages.last?.cursor : nil
        return .ok(.init(headers: .init(link: page.nextLink(lastCursor: next)), body: .json(messages.map { .init($0.item) })))
    }
}
