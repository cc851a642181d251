import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Sessions, password changes and account deletion")
    struct AccountLifecycle {
        @Test("Sessions list with their client, start and last use, most recently used first, the asking one marked", arguments: Backend.allCases)
        func listSessions(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                try await storage.storeToken(hash: "phone", for: abe.id, createdAt: StorageFixtures.time(0), client: "Firefox/140")
                try await storage.storeToken(hash: "laptop", for: abe.id, createdAt: StorageFixtures.time(10), client: "qwinkle-cli")
                try await storage.storeToken(hash: "mary's", for: mary.id, createdAt: StorageFixtures.time(20), client: "")

                let fresh = try #require(try await storage.account(tokenHash: "phone"))
                #expect(fresh.lastUsedAt.isSameMillisecond(as: StorageFixtures.time(0)))
                try await storage.recordTokenUse(hash: "phone", at: StorageFixtures.time(30))
                // A use older than the one recorded never moves the time back.
                try await storage.recordTokenUse(hash: "phone", at: StorageFixtures.time(25))
                try await storage.recordTokenUse(hash: "unknown", at: StorageFixtures.time(30))

                let sessions = try await storage.sessions(of: abe.id, currentTokenHash: "laptop")
                #expect(sessions.map(\.client) == ["Firefox/140", "qwinkle-cli"])
                #expect(sessions.map(\.isCurrent) == [false, true])
                #expect(sessions[0].createdAt.isSameMillisecond(as: StorageFixtures.time(0)))
                #expect(sessions[0].lastUsedAt.isSameMillisecond(as: StorageFixtures.time(30)))
                #expect(sessions[1].lastUsedAt.isSameMillisecond(as: StorageFixtures.time(10)))
                #expect(Set(sessions.map(\.id)).count == 2)
                #expect(try await storage.sessions(of: mary.id, currentTokenHash: nil).map(\.isCurrent) == [false])
            }
        }

        @Test("Ending a session by its ID revokes exactly its token, and only its owner can end it", arguments: Backend.allCases)
        func endSession(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                try await storage.storeToken(hash: "phone", for: abe.id, createdAt: StorageFixtures.time(0), client: "")
                try await storage.storeToken(hash: "laptop", for: abe.id, createdAt: StorageFixtures.time(1), client: "")
                let phone = try #require(try await storage.sessions(of: abe.id, currentTokenHash: "phone").first { $0.isCurrent })

                #expect(try await storage.deleteSession(phone.id, of: mary.id) == nil)
                #expect(try await storage.account(tokenHash: "phone") != nil)
                #expect(try await storage.deleteSession(phone.id, of: abe.id) == "phone")
                #expect(try await storage.account(tokenHash: "phone") == nil)
                #expect(try await storage.account(tokenHash: "laptop")?.account == abe)
                #expect(try await storage.deleteSession(phone.id, of: abe.id) == nil)
                #expect(try await storage.deleteSession(StorageFixtures.unknownID(), of: abe.id) == nil)
            }
        }

        @Test("A new password hash ends every other session of the account, and no one else's", arguments: Backend.allCases)
        func changePassword(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                for hash in ["here", "there", "elsewhere"] {
                    try await storage.storeToken(hash: hash, for: abe.id, createdAt: StorageFixtures.time(0), client: "")
                }
                try await storage.storeToken(hash: "mary's", for: mary.id, createdAt: StorageFixtures.time(0), client: "")

                let ended = try await storage.changePasswordHash(of: abe.id, to: "$2b$12$new", keepingTokenHash: "here")
                #expect(Set(ended) == ["there", "elsewhere"])
                #expect(try await storage.credentials(username: "abe")?.passwordHash == "$2b$12$new")
                #expect(try await storage.account(tokenHash: "here")?.account == abe)
                #expect(try await storage.account(tokenHash: "there") == nil)
                #expect(try await storage.account(tokenHash: "mary's")?.account == mary)

                #expect(try await storage.changePasswordHash(of: abe.id, to: "$2b$12$newer", keepingTokenHash: nil) == ["here"])
                let error = await #expect(throws: StorageError.self) {
                    try await storage.changePasswordHash(of: StorageFixtures.unknownID(), to: "$2b$12$x", keepingTokenHash: nil)
                }
                #expect(error?.isNotFound == true)
            }
        }

        @Test("Deleting an account removes all that is its own, keeps its messages without a sender, and frees its username", arguments: Backend.allCases)
        func deleteAccount(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                try await storage.storeToken(hash: "abe-1", for: abe.id, createdAt: StorageFixtures.time(0), client: "")
                try await storage.storeToken(hash: "abe-2", for: abe.id, createdAt: StorageFixtures.time(0), client: "")
                try await storage.storeToken(hash: "mary's", for: mary.id, createdAt: StorageFixtures.time(0), client: "")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let maryPhoto = try await storage.uploadPhoto(by: mary.id)
                _ = try await storage.updateProfile(of: abe.id, ProfileChanges(avatar: .set(photo.id)))
                let entry = try await storage.post(by: abe.id, photos: [AttachedPhoto(id: photo.id, alt: "A cat")])
                let trashed = try await storage.post(by: abe.id, .private)
                _ = try await storage.deleteEntry(id: trashed.id, at: StorageFixtures.time(1))
                let marysEntry = try await storage.post(by: mary.id, photos: [AttachedPhoto(id: maryPhoto.id, alt: "")])
                try await storage.mark(marysEntry.id, by: abe.id, at: StorageFixtures.time(2))
                try await storage.mark(entry.id, by: mary.id, at: StorageFixtures.time(2))
                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(2))
                try await storage.follow(mary.id, abe.id, at: StorageFixtures.time(2))
                try await storage.addJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(2))
                try await storage.addJournalReader(owner: mary.id, reader: abe.id, at: StorageFixtures.time(2))
                let (conversation, _) = try await storage.send("Hi Mary", from: abe.id, to: [mary.id], photos: [photo.id])
                _ = try await storage.send("Hi Abe", from: mary.id, to: [abe.id])

                let deleted = try #require(try await storage.deleteAccount(id: abe.id))
                #expect(Set(deleted.tokenHashes) == ["abe-1", "abe-2"])
                #expect(deleted.photoHashes == [photo.sha256])

                #expect(try await storage.account(id: abe.id) == nil)
                #expect(try await storage.account(username: "abe") == nil)
                #expect(try await storage.account(tokenHash: "abe-1") == nil)
                #expect(try await storage.entry(id: entry.id) == nil)
                #expect(try await storage.trashedEntry(id: trashed.id) == nil)
                #expect(try await storage.revisions(of: entry.id).isEmpty)
                #expect(try await storage.photo(id: photo.id) == nil)
                #expect(try await storage.hasPhoto(sha256: photo.sha256) == false)
                #expect(try await storage.hasPhoto(sha256: maryPhoto.sha256))
                #expect(try await storage.markedEntries(among: [marysEntry.id], by: abe.id).isEmpty)
                let relations = try await storage.relations(of: mary.id)
                #expect(relations.following.isEmpty)
                #expect(relations.journalOwners.isEmpty)
                #expect(try await storage.followers(of: mary.id, page: PageRequest(limit: 10)).isEmpty)
                #expect(try await storage.journalReaders(owner: mary.id).isEmpty)

                // Mary keeps the conversation, with Abe's message from no one and without its photo.
                let messages = try await storage.messages(in: conversation.id, page: PageRequest(limit: 10)).map(\.item)
                #expect(messages.map(\.body) == ["Hi Abe", "Hi Mary"])
                #expect(messages.map(\.sender) == [mary.id, nil])
                #expect(messages[1].photos.isEmpty)
                #expect(try await storage.conversationIDs(of: mary.id, limit: 10) == [conversation.id])
                #expect(try await storage.entry(id: marysEntry.id) != nil)
                #expect(try await storage.account(tokenHash: "mary's")?.account == mary)

                // The username is free again, for a new account that inherits nothing.
                let newAbe = try await storage.createAccount(named: "abe")
                #expect(newAbe.id != abe.id)
                #expect(try await storage.relations(of: mary.id).following.isEmpty)
                #expect(try await storage.deleteAccount(id: abe.id) == nil)
            }
        }
    }
}
