import QwinkleKit
import QwinkleStorage

/// Private messages: one conversation per set of participants, readable by them alone.
public struct MessageService: Sendable {
    /// The most people one message may go to.
    public static let maxRecipients = 20
    /// What people read when a message has neither text nor a photo.
    public static let empty = "Write something or attach a photo."

    let context: ServiceContext
    private var storage: any Storage { context.storage }

    /// Creates the service over the shared context.
    public init(context: ServiceContext) {
        self.context = context
    }

    /// Sends a message to the accounts with these usernames (any case); every broken rule is reported by field.
    public func send(to usernames: [String], body: String, photoIDs: [String], by me: Account) async throws -> SentMessage {
        var fields: [String: [String]] = [:]
        var recipients: Set<Account.ID> = []
        let relations = try await context.viewer(for: me).relations
        var elsewhere: [Account] = []
        for username in Set(usernames.map { $0.lowercased() }) {
            if let recipient = try await recipient(named: username) {
                // A person of another server is written to only by a federating server, which delivers it there.
                if !recipient.isLocal && context.remote == nil {
                    fields["to", default: []].append("@\(username) is on another server, and this server does not federate.")
                } else if let problem = Policy.blockProblem(with: recipient.id, relations: relations) {
                    fields["to", default: []].append("@\(username): \(problem)")
                } else if recipient.id != me.id {
                    recipients.insert(recipient.id)
                    if !recipient.isLocal { elsewhere.append(recipient) }
                }
            } else {
                fields["to", default: []].append("There is no account @\(username).")
            }
        }
        if recipients.isEmpty && fields["to"] == nil { fields["to"] = ["Name at least one other person to send to."] }
        if recipients.count > Self.maxRecipients { fields["to", default: []].append("Send to at most \(Self.maxRecipients) people at once.") }
        var photos: [Photo.ID] = []
        for id in photoIDs {
            if let photo = try await context.attachablePhoto(id, by: me.id) { photos.append(photo) } else {
                fields["photo_ids", default: []].append("Send only photos you uploaded; \(id) is not one.")
            }
        }
        let rule = context.lengthRule
        if photoIDs.count > rule.maxPhotos { fields["photo_ids", default: []].append("Send at most \(rule.maxPhotos) photos.") }
        if body.allSatisfy(\.isWhitespace) && photos.isEmpty { fields["body", default: []].append(Self.empty) }
        if rule.weightedLength(of: body) > rule.journalMaxCharacters {
            fields["body", default: []].append("A message may be at most \(rule.journalMaxCharacters) characters.")
        }
        // A message's photos are for its participants alone: another server could not fetch them.
        if !elsewhere.isEmpty && !photos.isEmpty {
            fields["photo_ids", default: []].append("Photos cannot be sent to people on other servers yet; send the text alone.")
        }
        guard fields.isEmpty else { throw ServiceError.invalid(fields) }
        var new = NewMessage(sender: me.id, recipients: recipients, body: body, photos: photos, createdAt: context.clock.now())
        if let remote = context.remote, !elsewhere.isEmpty {
            new.deliveries = try await remote.messageDeliveries(body, from: me, to: elsewhere.sorted { $0.username < $1.username })
        }
        let sent = try await storage.sendMessage(new)
        context.metrics.messageSent()
        for recipient in recipients { context.events.publish(.notified(recipient)) }
        let accounts = try await storage.accounts(ids: sent.conversation.participants)
        return SentMessage(conversation: ShownConversation(conversation: sent.conversation, accounts: accounts), message: sent.message)
    }

    /// The account named (any case), or on a federating server the person of another server a handle names, found
    /// there now if it is not kept here; `nil` for nobody, or a suspended account.
    private func recipient(named username: String) async throws -> Account? {
        do {
            return try await context.findAccount(username: username)
        } catch ServiceError.notFound {
            return nil
        }
    }

    /// The account's conversations, the most recently active first.
    public func conversations(of me: Account, limit: Int) async throws -> [ShownConversation] {
        let conversations = try await storage.conversations(of: me.id, limit: limit)
        let accounts = try await storage.accounts(ids: conversations.reduce(into: Set()) { $0.formUnion($1.participants) })
        return conversations.map { ShownConversation(conversation: $0, accounts: accounts) }
    }

    /// A page of a conversation's messages, newest first, for its participants; to anyone else it does not exist.
    public func messages(in id: String, page: PageRequest, by me: Account) async throws -> (conversation: ShownConversation, page: ListPage<Message>) {
        let viewer = try await context.viewer(for: me)
        guard let conversationID = Conversation.ID(rawValue: id), conversationID.integerValue != nil,
            let conversation = try await storage.conversation(id: conversationID), Policy.canRead(conversation, viewer: viewer)
        else { throw ServiceError.notFound("The conversation \(id)") }
        let messages = try await storage.messages(in: conversation.id, page: page)
        let accounts = try await storage.accounts(ids: conversation.participants)
        return (
            ShownConversation(conversation: conversation, accounts: accounts),
            ListPage(messages, page: page)
        )
    }
}

/// A conversation with its participants' accounts.
public struct ShownConversation: Hashable, Sendable {
    /// The conversation.
    public var conversation: Conversation
    /// Its participants' accounts, by ID.
    public var accounts: [Account.ID: Account]

    /// Describes a conversation as shown.
    public init(conversation: Conversation, accounts: [Account.ID: Account]) {
        self.conversation = conversation
        self.accounts = accounts
    }
}

/// A message just sent, with its conversation.
public struct SentMessage: Hashable, Sendable {
    /// The conversation it went to.
    public var conversation: ShownConversation
    /// The message.
    public var message: Message

    /// Pairs a message with its conversation.
    public init(conversation: ShownConversation, message: Message) {
        self.conversation = conversation
        self.message = message
    }
}
