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
        // The sender's other apps are told too: their list of conversations changed (Mastodon's `direct` stream).
        context.events.publish(.notified(me.id))
        let accounts = try await storage.accounts(ids: sent.conversation.participants)
        return SentMessage(
            conversation: ShownConversation(conversation: sent.conversation, accounts: accounts, lastMessage: sent.message, unread: false),
            message: sent.message
        )
    }

    /// Sends a message to everyone else in a conversation of the account's (and to `others` named besides, which
    /// makes it the conversation of all of them), as a reply there is.
    public func send(in id: String, alsoTo others: [String], body: String, photoIDs: [String], by me: Account) async throws -> SentMessage {
        let (shown, _) = try await conversation(id, by: me)
        let names = shown.conversation.participants.filter { $0 != me.id }.compactMap { shown.accounts[$0]?.username }
        return try await send(to: names + others, body: body, photoIDs: photoIDs, by: me)
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

    /// A page of the account's conversations, the most recently active first, each with its latest message and
    /// whether it is unread; those it removed are left out until a new message comes. With `above`, the page is the
    /// one just above that cursor (Mastodon's `min_id`).
    public func conversations(of me: Account, page: PageRequest, above: Int64? = nil) async throws -> ListPage<ShownConversation> {
        let read = { (request: PageRequest) in try await self.storage.conversations(of: me.id, page: request, includingRemoved: false) }
        let found: [Paged<ParticipantConversation>]
        if let above {
            found = try await OldestAbove.page(limit: page.limit, since: above, max: page.maxCursor, cursor: { $0.cursor }) { request in
                let items = try await read(request)
                return OldestAbove.Window(items: items, isComplete: items.count < request.limit)
            }
        } else {
            found = try await read(page)
        }
        let accounts = try await storage.accounts(ids: found.reduce(into: Set()) { $0.formUnion($1.item.conversation.participants) })
        return ListPage(found.map { Paged(cursor: $0.cursor, item: ShownConversation($0.item, accounts: accounts)) }, page: page)
    }

    /// One of the account's conversations as it has it, and the viewer it was judged for; to anyone but its
    /// participants it does not exist.
    public func conversation(_ id: String, by me: Account) async throws -> (conversation: ShownConversation, viewer: Viewer) {
        let viewer = try await context.viewer(for: me)
        guard let conversationID = Conversation.ID(rawValue: id), conversationID.integerValue != nil,
            let conversation = try await storage.conversation(id: conversationID, of: me.id),
            Policy.canRead(conversation.conversation, viewer: viewer)
        else { throw ServiceError.notFound("The conversation \(id)") }
        let accounts = try await storage.accounts(ids: conversation.conversation.participants)
        return (ShownConversation(conversation, accounts: accounts), viewer)
    }

    /// A message and its conversation, for the conversation's participants; to anyone else it does not exist.
    public func message(_ id: Message.ID, by me: Account) async throws -> (conversation: ShownConversation, message: Message) {
        let missing = ServiceError.notFound("The message \(id.rawValue)")
        guard let message = try await storage.message(id: id) else { throw missing }
        do {
            return (try await conversation(message.conversation.rawValue, by: me).conversation, message)
        } catch ServiceError.notFound {
            throw missing
        }
    }

    /// Marks the conversation read by the account up to its latest message, and answers it as it now is.
    @discardableResult
    public func markRead(_ id: String, by me: Account) async throws -> ShownConversation {
        let (shown, _) = try await conversation(id, by: me)
        guard shown.unread else { return shown }
        _ = try await storage.markConversationRead(shown.conversation.id, by: me.id)
        return try await conversation(id, by: me).conversation
    }

    /// Takes the conversation off the account's list, on every client, until a new message comes; the others in
    /// it keep it as it was.
    public func remove(_ id: String, by me: Account) async throws {
        let (shown, _) = try await conversation(id, by: me)
        _ = try await storage.removeConversation(shown.conversation.id, by: me.id)
    }

    /// A page of a conversation's messages, newest first, for its participants; to anyone else it does not exist.
    public func messages(in id: String, page: PageRequest, by me: Account) async throws -> (conversation: ShownConversation, page: ListPage<Message>) {
        let (shown, _) = try await conversation(id, by: me)
        let messages = try await storage.messages(in: shown.conversation.id, page: page)
        return (shown, ListPage(messages, page: page))
    }
}

/// A conversation with its participants' accounts, as one of them has it.
public struct ShownConversation: Hashable, Sendable {
    /// The conversation.
    public var conversation: Conversation
    /// Its participants' accounts, by ID.
    public var accounts: [Account.ID: Account]
    /// Its latest message, when it was read with it.
    public var lastMessage: Message?
    /// Whether a message came after the reader last read it.
    public var unread: Bool

    /// Describes a conversation as shown.
    public init(conversation: Conversation, accounts: [Account.ID: Account], lastMessage: Message? = nil, unread: Bool = false) {
        self.conversation = conversation
        self.accounts = accounts
        self.lastMessage = lastMessage
        self.unread = unread
    }

    /// A participant's conversation, with the accounts read for it.
    init(_ found: ParticipantConversation, accounts: [Account.ID: Account]) {
        self.init(
            conversation: found.conversation, accounts: accounts.filter { found.conversation.participants.contains($0.key) },
            lastMessage: found.lastMessage, unread: found.unread
        )
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
