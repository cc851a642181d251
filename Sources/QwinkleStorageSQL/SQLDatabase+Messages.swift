import Foundation
import QwinkleKit
import QwinkleStorage

extension MessageStore where Self: SQLDatabase {
    /// Finds or starts the participants' conversation and adds the message, in one transaction.
    ///
    /// Two first messages to one set of people at once, through two servers, meet at the conversation's unique key:
    /// the later insert finds the row instead of failing.
    public func sendMessage(_ message: NewMessage) async throws -> (conversation: Conversation, message: Message) {
        try await write { connection in
            try await connection.lock(.messages)
            let participants = message.participants.map(\.key).sorted()
            let key = participants.map(String.init).joined(separator: ",")
            guard let conversation = try await connection.value(
                """
                INSERT INTO conversations (participants_key, created_at, last_message_at)
                VALUES (\(key), \(message.createdAt), \(message.createdAt))
                ON CONFLICT (participants_key) DO UPDATE SET last_message_at = excluded.last_message_at
                RETURNING id
                """,
                as: Int64.self
            ) else { throw CorruptRow(description: "an insert of a conversation returned nothing") }
            for participant in participants {
                try await connection.execute(
                    """
                    INSERT INTO conversation_participants (conversation_id, account_id) VALUES (\(conversation), \(participant))
                    ON CONFLICT DO NOTHING
                    """
                )
            }
            guard let messageID = try await connection.value(
                """
                INSERT INTO messages (conversation_id, sender_id, body, created_at)
                VALUES (\(conversation), \(message.sender.key), \(message.body), \(message.createdAt))
                RETURNING id
                """,
                as: Int64.self
            ) else { throw CorruptRow(description: "an insert of a message returned nothing") }
            try await connection.execute("UPDATE conversations SET last_message_id = \(messageID) WHERE id = \(conversation)")
            try await connection.execute(
                "UPDATE conversation_participants SET read_through = \(messageID) WHERE conversation_id = \(conversation) AND account_id = \(message.sender.key)"
            )
            for recipient in message.recipients.sorted(by: { $0.key < $1.key }) {
                try await connection.insertNotification(to: recipient, .message, by: message.sender, conversation: conversation, at: message.createdAt)
            }
            for (position, photo) in message.photos.enumerated() {
                try await connection.execute(
                    "INSERT INTO message_photos (message_id, position, photo_id) VALUES (\(messageID), \(position), \(photo.key))"
                )
            }
            try await connection.insertDeliveries(message.deliveries, at: message.createdAt)
            // Both read back, so the caller gets exactly what later reads give.
            guard let started = try await connection.conversations(where: "conversations.id = \(conversation)").first,
                let sent = try await connection.messages(where: "messages.id = \(messageID)").first?.item
            else { throw StorageError.notFound("Message \(messageID)") }
            return (started, sent)
        }
    }

    /// Lists a page of the account's conversations by their latest message, with those messages.
    public func conversations(of account: Account.ID, page: PageRequest, includingRemoved: Bool) async throws -> [Paged<ParticipantConversation>] {
        try await read { connection in
            let removed: SQL = includingRemoved ? "" : "AND conversation_participants.removed_through < conversations.last_message_id"
            return try await connection.participantConversations(
                of: account,
                where: "TRUE \(removed)\(SQL.pageWindow(page, column: "conversations.last_message_id"))", limit: page.limit
            )
        }
    }

    /// Reads one conversation as a participant has it.
    public func conversation(id: Conversation.ID, of account: Account.ID) async throws -> ParticipantConversation? {
        try await read { connection in
            try await connection.participantConversations(of: account, where: "conversations.id = \(id.key)", limit: 1).first?.item
        }
    }

    /// Reads one message.
    public func message(id: Message.ID) async throws -> Message? {
        try await read { connection in try await connection.messages(where: "messages.id = \(id.key)").first?.item }
    }

    /// Moves the participant's read mark to the conversation's latest message.
    public func markConversationRead(_ id: Conversation.ID, by account: Account.ID) async throws -> Bool {
        try await write { connection in
            try await connection.returnsRow(
                """
                UPDATE conversation_participants SET read_through = (SELECT last_message_id FROM conversations WHERE id = \(id.key))
                WHERE conversation_id = \(id.key) AND account_id = \(account.key) RETURNING 1
                """
            )
        }
    }

    /// Moves the participant's read and removed marks to the conversation's latest message.
    public func removeConversation(_ id: Conversation.ID, by account: Account.ID) async throws -> Bool {
        try await write { connection in
            try await connection.returnsRow(
                """
                UPDATE conversation_participants
                SET read_through = (SELECT last_message_id FROM conversations WHERE id = \(id.key)),
                    removed_through = (SELECT last_message_id FROM conversations WHERE id = \(id.key))
                WHERE conversation_id = \(id.key) AND account_id = \(account.key) RETURNING 1
                """
            )
        }
    }

    /// Reads one conversation.
    public func conversation(id: Conversation.ID) async throws -> Conversation? {
        try await read { connection in try await connection.conversations(where: "conversations.id = \(id.key)").first }
    }

    /// Reads a page of a conversation's messages with their photos.
    public func messages(in conversation: Conversation.ID, page: PageRequest) async throws -> [Paged<Message>] {
        try await read { connection in
            try await connection.messages(
                where: "messages.conversation_id = \(conversation.key)\(SQL.pageWindow(page, column: "messages.id"))", limit: page.limit
            )
        }
    }
}

extension SQLConnection {
    /// Conversations matching a condition with their participants, the most recently active first.
    fileprivate func conversations(where condition: SQL, limit: Int? = nil) async throws -> [Conversation] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        let participants = SQL.integerList("account_id", from: "conversation_participants", where: "conversation_id = conversations.id")
        return try await rows(
            """
            SELECT conversations.id, conversations.created_at, conversations.last_message_at, \(participants)
            FROM conversations WHERE \(condition)
            ORDER BY conversations.last_message_at DESC, conversations.id DESC \(limitClause)
            """
        ) { row in
            Conversation(
                id: Conversation.ID(integer: try row[0]), participants: Set(try row.integers(at: 3).map(Account.ID.init(integer:))),
                createdAt: try row[1], lastMessageAt: try row[2]
            )
        }
    }

    /// The account's conversations matching a condition, by their latest message, newest first, with those
    /// messages (read in a second statement).
    fileprivate func participantConversations(of account: Account.ID, where condition: SQL, limit: Int) async throws -> [Paged<ParticipantConversation>] {
        let participants = SQL.integerList("account_id", from: "conversation_participants", where: "conversation_id = conversations.id")
        let found = try await rows(
            """
            SELECT conversations.id, conversations.created_at, conversations.last_message_at, \(participants),
                conversations.last_message_id, conversation_participants.read_through
            FROM conversations JOIN conversation_participants
                ON conversation_participants.conversation_id = conversations.id AND conversation_participants.account_id = \(account.key)
            WHERE \(condition)
            ORDER BY conversations.last_message_id DESC LIMIT \(limit)
            """
        ) { row in
            let last: Int64 = try row[4]
            let read: Int64 = try row[5]
            let conversation = Conversation(
                id: Conversation.ID(integer: try row[0]), participants: Set(try row.integers(at: 3).map(Account.ID.init(integer:))),
                createdAt: try row[1], lastMessageAt: try row[2]
            )
            return (conversation: conversation, last: last, unread: last > read)
        }
        let lastIDs = found.map(\.last).filter { $0 > 0 }
        let last = lastIDs.isEmpty ? [:] : Dictionary(
            try await messages(where: "messages.id IN (\(list: lastIDs))").map { ($0.cursor, $0.item) }, uniquingKeysWith: { first, _ in first }
        )
        return found.map { Paged(cursor: $0.last, item: ParticipantConversation(conversation: $0.conversation, lastMessage: last[$0.last], unread: $0.unread)) }
    }

    /// Messages matching a condition, newest first, with their photos.
    fileprivate func messages(where condition: SQL, limit: Int? = nil) async throws -> [Paged<Message>] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        let photos = SQL.integerList("photo_id", from: "message_photos", where: "message_id = messages.id", orderedBy: "position")
        return try await rows(
            """
            SELECT messages.id, messages.conversation_id, messages.sender_id, messages.body, messages.created_at, \(photos)
            FROM messages WHERE \(condition) ORDER BY messages.id DESC \(limitClause)
            """
        ) { row in
            let sender: Int64? = try row[2]
            return Paged(cursor: try row[0], item: Message(
                id: Message.ID(integer: try row[0]), conversation: Conversation.ID(integer: try row[1]),
                sender: sender.map(Account.ID.init(integer:)), body: try row[3],
                photos: try row.integers(at: 5).map(Photo.ID.init(integer:)), createdAt: try row[4]
            ))
        }
    }
}
