import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Private messages")
    struct Messages {
        @Test("Messages between the same people, whoever sends, share one conversation; other people make another", arguments: Backend.allCases)
        func oneConversationPerParticipants(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")

                let first = try await storage.send("Hello", from: abe.id, to: [mary.id], at: StorageFixtures.time(1))
                let sentAt = first.message.createdAt
                #expect(first.conversation == Conversation(id: first.conversation.id, participants: [abe.id, mary.id], createdAt: sentAt))
                #expect(first.message == Message(
                    id: first.message.id, conversation: first.conversation.id, sender: abe.id, body: "Hello", createdAt: sentAt
                ))
                #expect(sentAt.isSameMillisecond(as: StorageFixtures.time(1)))

                let reply = try await storage.send("Hi", from: mary.id, to: [abe.id], at: StorageFixtures.time(2))
                #expect(reply.conversation == Conversation(
                    id: first.conversation.id, participants: [abe.id, mary.id], createdAt: sentAt, lastMessageAt: reply.message.createdAt
                ))
                #expect(reply.message.createdAt.isSameMillisecond(as: StorageFixtures.time(2)))
                #expect(try await storage.conversation(id: first.conversation.id) == reply.conversation)

                let group = try await storage.send(from: tad.id, to: [abe.id, mary.id], at: StorageFixtures.time(3))
                #expect(group.conversation.id != first.conversation.id)
                #expect(group.conversation.participants == [abe.id, mary.id, tad.id])
                let sameGroup = try await storage.send(from: mary.id, to: [tad.id, abe.id, mary.id], at: StorageFixtures.time(4))
                #expect(sameGroup.conversation.id == group.conversation.id)
                #expect(try await storage.conversation(id: StorageFixtures.unknownID()) == nil)
            }
        }

        @Test("A person's conversations are theirs only, the most recently active first", arguments: Backend.allCases)
        func conversationsList(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")
                let willie = try await storage.createAccount(named: "willie")

                let withMary = try await storage.send(from: abe.id, to: [mary.id], at: StorageFixtures.time(1)).conversation.id
                let withTad = try await storage.send(from: abe.id, to: [tad.id], at: StorageFixtures.time(2)).conversation.id
                let all = try await storage.send(from: mary.id, to: [abe.id, tad.id], at: StorageFixtures.time(3)).conversation.id
                _ = try await storage.send(from: tad.id, to: [abe.id], at: StorageFixtures.time(4))
                _ = try await storage.send(from: mary.id, to: [abe.id], at: StorageFixtures.time(5))

                #expect(try await storage.conversationIDs(of: abe.id, limit: 10) == [withMary, withTad, all])
                #expect(try await storage.conversationIDs(of: abe.id, limit: 2) == [withMary, withTad])
                #expect(try await storage.conversationIDs(of: mary.id, limit: 10) == [withMary, all])
                #expect(try await storage.conversationIDs(of: tad.id, limit: 10) == [withTad, all])
                #expect(try await storage.conversationIDs(of: willie.id, limit: 10).isEmpty)
            }
        }

        @Test("Each participant reads and removes a conversation for themselves; a new message brings it back unread", arguments: Backend.allCases)
        func readAndRemoved(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")
                let first = try await storage.send("Hello", from: abe.id, to: [mary.id], at: StorageFixtures.time(1))
                let id = first.conversation.id
                let other = try await storage.send("Psst", from: tad.id, to: [mary.id], at: StorageFixtures.time(2)).conversation.id

                // What you send is read by you; what you are sent is not, until you read it.
                #expect(try await storage.conversation(id: id, of: abe.id)?.unread == false)
                let marys = try #require(try await storage.conversation(id: id, of: mary.id))
                #expect(marys.unread && marys.lastMessage == first.message)
                #expect(try await storage.conversation(id: id, of: tad.id) == nil)
                #expect(try await storage.markConversationRead(id, by: tad.id) == false)
                #expect(try await storage.markConversationRead(id, by: mary.id))
                #expect(try await storage.conversation(id: id, of: mary.id)?.unread == false)

                // Paged by the latest message, whose ID is the cursor.
                let page = try await storage.conversations(of: mary.id, page: PageRequest(limit: 1), includingRemoved: false)
                #expect(page.map(\.item.conversation.id) == [other])
                let next = try await storage.conversations(of: mary.id, page: PageRequest(limit: 1, maxCursor: page.last?.cursor), includingRemoved: false)
                #expect(next.map(\.item.conversation.id) == [id])
                #expect(next.map(\.cursor) == [first.message.id.integerValue])

                // Removed for Mary alone, until Abe writes again.
                #expect(try await storage.removeConversation(id, by: mary.id))
                #expect(try await storage.conversationIDs(of: mary.id, limit: 10) == [other])
                #expect(try await storage.conversationIDs(of: abe.id, limit: 10) == [id])
                let everything = try await storage.conversations(of: mary.id, page: PageRequest(limit: 10), includingRemoved: true)
                #expect(everything.map(\.item.conversation.id) == [other, id])
                let again = try await storage.send("Still there?", from: abe.id, to: [mary.id], at: StorageFixtures.time(3))
                #expect(try await storage.conversationIDs(of: mary.id, limit: 10) == [id, other])
                let back = try #require(try await storage.conversation(id: id, of: mary.id))
                #expect(back.unread && back.lastMessage == again.message)
                #expect(try await storage.message(id: again.message.id) == again.message)
                #expect(try await storage.message(id: Message.ID(integer: 999_999)) == nil)
            }
        }

        @Test("A conversation's messages read back newest first, a page at a time, with their photos in order", arguments: Backend.allCases)
        func messagePages(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let first = try await storage.uploadPhoto(by: abe.id)
                let second = try await storage.uploadPhoto(by: abe.id)
                var sent: [Message] = []
                for number in 1...5 {
                    let (sender, recipient) = number.isMultiple(of: 2) ? (mary, abe) : (abe, mary)
                    let photos = number == 3 ? [second.id, first.id] : []
                    sent.append(try await storage.send(
                        "Message \(number)", from: sender.id, to: [recipient.id], photos: photos, at: StorageFixtures.time(number)
                    ).message)
                }
                _ = try await storage.send("A note to self", from: abe.id, to: [], at: StorageFixtures.time(6))
                let conversation = try #require(sent.first?.conversation)

                let pages = try await StorageFixtures.pages(limit: 2) { try await storage.messages(in: conversation, page: $0) }
                #expect(pages.map(\.count) == [2, 2, 1])
                let all = pages.flatMap(\.self)
                #expect(all.map(\.item) == sent.reversed())
                #expect(all[2].item.photos == [second.id, first.id])
                #expect(all.map(\.cursor) == all.compactMap(\.item.id.integerValue))

                let newer = try await storage.messages(in: conversation, page: PageRequest(limit: 10, sinceCursor: all[2].cursor))
                #expect(newer.map(\.item) == Array(sent.reversed()[0..<2]))
            }
        }
    }
}

extension MessageStore {
    /// The IDs of the first `limit` conversations the account has on its list.
    func conversationIDs(of account: Account.ID, limit: Int) async throws -> [Conversation.ID] {
        try await conversations(of: account, page: PageRequest(limit: limit), includingRemoved: false).map(\.item.conversation.id)
    }
}
