import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: MessageStore {
    /// Finds or starts the participants' conversation and adds the message, in one transaction.
    public func sendMessage(_ message: NewMessage) async throws -> (conversation: Conversation, message: Message) {
        try await commits.write { db in
            let participants = message.participants.map(\.key).sorted()
            let key = participants.map(String.init).joined(separator: ",")
            let conversationID: Int64
            if let existing = try Int64.fetchOne(db, cached: "SELECT id FROM conversations WHERE participants_key = ?", arguments: [key]) {
                conversationID = existing
                try db.execute(cached: "UPDATE conversations SET last_message_at = ? WHERE id = ?", arguments: [message.createdAt, existing])
            } else {
                try db.execute(
                    cached: "INSERT INTO conversations (participants_key, created_at, last_message_at) VALUES (?, ?, ?)",
                    arguments: [key, message.createdAt, message.createdAt]
                )
                conversationID = db.lastInsertedRowID
                for participant in participants {
                    try db.execute(
                        cached: "INSERT INTO conversation_participants (conversation_id, account_id) VALUES (?, ?)",
                        arguments: [conversationID, participant]
                    )
                }
            }
            try db.execute(
                cached: "INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES (?, ?, ?, ?)",
                arguments: [conversationID, message.sender.key, message.body, message.createdAt]
            )
            let messageID = db.lastInsertedRowID
            for recipient in message.recipients {
                try Self.insertNotification(to: recipient, .message, by: message.sender, conversation: conversationID, at: message.createdAt, in: db)
            }
            for (position, photo) in message.photos.enumerated() {
                try db.execute(
                    cached: "INSERT INTO message_photos (message_id, position, photo_id) VALUES (?, ?, ?)",
                    arguments: [messageID, position, photo.key]
                )
            }
            // Both read back, so the caller gets exactly what later reads give (times as stored).
            guard let conversation = try Self.fetchConversation(db, id: conversationID),
                let sent = try Self.fetchMessages(db, where: "id = ?", arguments: [messageID]).first?.item
            else {
                throw StorageError.notFound("Message \(messageID)")
            }
            return (conversation, sent)
        }
    }

    /// Lists the account's conversations by their latest message.
    public func conversations(of account: Account.ID, limit: Int) async throws -> [Conversation] {
        try reading { db in
            let ids = try Int64.fetchAll(
                db,
                cached: """
                    SELECT conversations.id FROM conversation_participants
                    JOIN conversations ON conversations.id = conversation_participants.conversation_id
                    WHERE conversation_participants.account_id = ? ORDER BY conversations.last_message_at DESC, conversations.id DESC LIMIT ?
                    """,
                arguments: [account.key, limit]
            )
            return try ids.compactMap { try Self.fetchConversation(db, id: $0) }
        }
    }

    /// Reads one conversation.
    public func conversation(id: Conversation.ID) async throws -> Conversation? {
        try reading { db in try Self.fetchConversation(db, id: id.key) }
    }

    /// Reads a page of a conversation's messages with their photos.
    public func messages(in conversation: Conversation.ID, page: PageRequest) async throws -> [Paged<Message>] {
        try reading { db in
            let window = Self.pageWindow(page, column: "id")
            return try Self.fetchMessages(
                db, where: "conversation_id = ?\(window.sql)", arguments: [conversation.key] + window.arguments, limit: page.limit
            )
        }
    }

    /// Reads messages matching a condition, newest first, with all their photos in one more query.
    static func fetchMessages(_ db: Database, where condition: String, arguments: [Int64], limit: Int? = nil) throws -> [Paged<Message>] {
        let limitClause = limit.map { " LIMIT \($0)" } ?? ""
        let rows = try Row.fetchAll(
            db, cached: "SELECT * FROM messages WHERE \(condition) ORDER BY id DESC\(limitClause)", arguments: StatementArguments(arguments)
        )
        guard !rows.isEmpty else { return [] }
        let ids: [Int64] = rows.map { $0["id"] }
        var photos: [Int64: [Photo.ID]] = [:]
        for row in try Row.fetchAll(
            db,
            cached: "SELECT message_id, photo_id FROM message_photos WHERE message_id IN \(placeholders(ids.count)) ORDER BY message_id, position",
            arguments: StatementArguments(ids)
        ) {
            photos[row["message_id"], default: []].append(Photo.ID(integer: row["photo_id"]))
        }
        return rows.map { row in
            let id: Int64 = row["id"]
            return Paged(cursor: id, item: Message(
                id: Message.ID(integer: id), conversation: Conversation.ID(integer: row["conversation_id"]),
                sender: (row["sender_id"] as Int64?).map(Account.ID.init(integer:)), body: row["body"], photos: photos[id] ?? [], createdAt: row["created_at"]
            ))
        }
    }

    static func fetchConversation(_ db: Database, id: Int64) throws -> Conversation? {
        guard let row = try Row.fetchOne(db, cached: "SELECT * FROM conversations WHERE id = ?", arguments: [id]) else { return nil }
        return Conversation(
            id: Conversation.ID(integer: id), participants: try participants(db, conversation: id),
            createdAt: row["created_at"], lastMessageAt: row["last_message_at"]
        )
    }

    static func participants(_ db: Database, conversation: Int64) throws -> Set<Account.ID> {
        Set(try Int64.fetchAll(
            db, cached: "SELECT account_id FROM conversation_participants WHERE conversation_id = ?", arguments: [conversation]
        ).map(Account.ID.init(integer:)))
    }
}
