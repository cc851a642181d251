import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: MessageStore {
    /// Finds or starts the participants' conversation and adds the message, in one transaction.
    ///
    /// Two first messages to one set of people at once, through two servers, meet at the conversation's unique key:
    /// the later insert finds the row instead of failing.
    public func sendMessage(_ message: NewMessage) async throws -> (conversation: Conversation, message: Message) {
        try await writing { connection in
            try await lock(.messages, on: connection)
            let participants = message.participants.map(\.key).sorted()
            let key = participants.map(String.init).joined(separator: ",")
            let sentAt = message.createdAt.toMilliseconds
            let conversation = try await connection.query(
                """
                INSERT INTO conversations (participants_key, created_at, last_message_at) VALUES (\(key), \(sentAt), \(sentAt))
                ON CONFLICT (participants_key) DO UPDATE SET last_message_at = excluded.last_message_at
                RETURNING id
                """,
                logger: logger
            ).first { try $0.decode(Int64.self) }
            guard let conversation else { throw CorruptRow(description: "an insert of a conversation returned nothing") }
            try await connection.execute(
                """
                INSERT INTO conversation_participants (conversation_id, account_id) SELECT \(conversation), unnest(\(participants)::BIGINT[])
                ON CONFLICT DO NOTHING
                """,
                logger: logger
            )
            let messageID = try await connection.query(
                """
                INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES (\(conversation), \(message.sender.key), \(message.body), \(sentAt))
                RETURNING id
                """,
                logger: logger
            ).first { try $0.decode(Int64.self) }
            guard let messageID else { throw CorruptRow(description: "an insert of a message returned nothing") }
            for recipient in message.recipients.sorted(by: { $0.key < $1.key }) {
                try await insertNotification(to: recipient, .message, by: message.sender, conversation: conversation, at: sentAt, on: connection)
            }
            if !message.photos.isEmpty {
                try await connection.execute(
                    """
                    INSERT INTO message_photos (message_id, position, photo_id)
                    SELECT \(messageID), photo.position - 1, photo.id FROM unnest(\(message.photos.map(\.key))::BIGINT[]) WITH ORDINALITY AS photo(id, position)
                    """,
                    logger: logger
                )
            }
            // Both read back, so the caller gets exactly what later reads give.
            guard let started = try await fetchConversations(on: connection, where: "conversations.id = \(conversation)").first,
                let sent = try await fetchMessages(on: connection, where: "messages.id = \(messageID)").first?.item
            else { throw StorageError.notFound("Message \(messageID)") }
            return (started, sent)
        }
    }

    /// Lists the account's conversations by their latest message.
    public func conversations(of account: Account.ID, limit: Int) async throws -> [Conversation] {
        try await reading { connection in
            try await fetchConversations(
                on: connection,
                where: "conversations.id IN (SELECT conversation_id FROM conversation_participants WHERE account_id = \(account.key))",
                limit: limit
            )
        }
    }

    /// Reads one conversation.
    public func conversation(id: Conversation.ID) async throws -> Conversation? {
        try await reading { connection in
            try await fetchConversations(on: connection, where: "conversations.id = \(id.key)").first
        }
    }

    /// Reads a page of a conversation's messages with their photos.
    public func messages(in conversation: Conversation.ID, page: PageRequest) async throws -> [Paged<Message>] {
        try await reading { connection in
            try await fetchMessages(
                on: connection, where: "messages.conversation_id = \(conversation.key) \(Self.window(page, column: "messages.id"))",
                limit: page.limit
            )
        }
    }

    /// Conversations matching a condition with their participants, the most recently active first.
    private func fetchConversations(on connection: PostgresConnection, where condition: SQL, limit: Int? = nil) async throws -> [Conversation] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        let query: SQL = """
            SELECT conversations.id, conversations.created_at, conversations.last_message_at,
                ARRAY(SELECT account_id FROM conversation_participants WHERE conversation_id = conversations.id)
            FROM conversations WHERE \(condition)
            ORDER BY conversations.last_message_at DESC, conversations.id DESC \(limitClause)
            """
        return try await connection.query(try query.query, logger: logger).map { row in
            let (id, createdAt, lastMessageAt, participants) = try row.decode((Int64, Date, Date, [Int64]).self)
            return Conversation(
                id: Conversation.ID(integer: id), participants: Set(participants.map(Account.ID.init(integer:))),
                createdAt: createdAt.toMilliseconds, lastMessageAt: lastMessageAt.toMilliseconds
            )
        }
    }

    /// Messages matching a condition, newest first, with their photos.
    private func fetchMessages(on connection: PostgresConnection, where condition: SQL, limit: Int? = nil) async throws -> [Paged<Message>] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        let query: SQL = """
            SELECT messages.id, messages.conversation_id, messages.sender_id, messages.body, messages.created_at,
                ARRAY(SELECT photo_id FROM message_photos WHERE message_id = messages.id ORDER BY position)
            FROM messages WHERE \(condition) ORDER BY messages.id DESC \(limitClause)
            """
        return try await connection.query(try query.query, logger: logger).map { row in
            let (id, conversation, sender, body, createdAt, photos) = try row.decode((Int64, Int64, Int64?, String, Date, [Int64]).self)
            return Paged(cursor: id, item: Message(
                id: Message.ID(integer: id), conversation: Conversation.ID(integer: conversation), sender: sender.map(Account.ID.init(integer:)),
                body: body, photos: photos.map(Photo.ID.init(integer:)), createdAt: createdAt.toMilliseconds
            ))
        }
    }
}
