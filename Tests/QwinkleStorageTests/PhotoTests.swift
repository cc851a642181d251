import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Photos")
    struct Photos {
        @Test("A recorded photo reads back with its uploader, type, size and hash", arguments: Backend.allCases)
        func createAndReadBack(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let hash = StorageFixtures.uniqueSHA256()

                let stored = try await storage.createPhoto(NewPhoto(
                    uploader: abe.id, sha256: hash, contentType: "image/jpeg", byteSize: 48_213, createdAt: StorageFixtures.time(1)
                ))
                #expect(stored == StoredPhoto(
                    photo: Photo(id: stored.photo.id, contentType: "image/jpeg", byteSize: 48_213, sha256: hash),
                    uploader: abe.id, createdAt: stored.createdAt
                ))
                #expect(stored.createdAt.isSameMillisecond(as: StorageFixtures.time(1)))
                #expect(try await storage.photo(id: stored.photo.id) == stored)
                #expect(try await storage.photo(id: StorageFixtures.unknownID()) == nil)
                #expect(try await storage.photoUses(id: stored.photo.id) == PhotoUses())
            }
        }

        @Test("A photo's size is kept when known and read with a page of the entries that show it", arguments: Backend.allCases)
        func sizes(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let wide = try await storage.createPhoto(NewPhoto(
                    uploader: abe.id, sha256: StorageFixtures.uniqueSHA256(), contentType: "image/png", byteSize: 100, createdAt: StorageFixtures.time(1),
                    size: PhotoSize(width: 640, height: 480)
                ))
                let unknown = try await storage.createPhoto(NewPhoto(
                    uploader: abe.id, sha256: StorageFixtures.uniqueSHA256(), contentType: "image/png", byteSize: 100, createdAt: StorageFixtures.time(1)
                ))
                #expect(wide.photo.size == PhotoSize(width: 640, height: 480))
                #expect(try await storage.photo(id: wide.photo.id)?.photo.size == PhotoSize(width: 640, height: 480))
                #expect(try await storage.photo(id: unknown.photo.id)?.photo.size == nil)
                let entry = try await storage.post(by: abe.id, photos: [AttachedPhoto(id: wide.photo.id), AttachedPhoto(id: unknown.photo.id)])
                let plain = try await storage.post(by: abe.id)
                let facts = try await storage.pageFacts(of: [entry, plain], alsoAccounts: [], viewer: nil)
                #expect(facts.photoSizes == [wide.photo.id: PhotoSize(width: 640, height: 480)])
                #expect(try await storage.pageFacts(of: [plain], alsoAccounts: [], viewer: abe.id).photoSizes.isEmpty)
            }
        }

        @Test("A photo's uses are the entries that attach it, with their authors and visibilities", arguments: Backend.allCases)
        func usedByEntries(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let other = try await storage.uploadPhoto(by: abe.id)

                _ = try await storage.post(by: abe.id, .journal, photos: [AttachedPhoto(id: photo.id)])
                _ = try await storage.post(by: mary.id, .followers, photos: [AttachedPhoto(id: other.id), AttachedPhoto(id: photo.id)])
                _ = try await storage.post(by: abe.id, .public, photos: [AttachedPhoto(id: other.id)])

                let uses = try await storage.photoUses(id: photo.id)
                let audiences = [EntryAudience(author: abe.id, visibility: .journal), EntryAudience(author: mary.id, visibility: .followers)]
                #expect(Set(uses.entries) == Set(audiences))
                #expect(uses.entries.count == 2)
                #expect(uses.conversations.isEmpty)
                #expect(!uses.isAvatar)
            }
        }

        @Test("A photo sent in a message is used by that conversation's participants", arguments: Backend.allCases)
        func usedByMessages(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")
                let photo = try await storage.uploadPhoto(by: abe.id)

                for _ in 1...2 {
                    _ = try await storage.send("Look", from: abe.id, to: [mary.id, tad.id], photos: [photo.id])
                }
                _ = try await storage.send("Look", from: abe.id, to: [mary.id], photos: [photo.id])

                let uses = try await storage.photoUses(id: photo.id)
                #expect(uses.conversations.count == 2)
                #expect(Set(uses.conversations) == [[abe.id, mary.id, tad.id], [abe.id, mary.id]])
                #expect(uses.entries.isEmpty)
            }
        }

        @Test("A photo set as an avatar is used by a profile until the avatar is removed", arguments: Backend.allCases)
        func usedAsAvatar(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let photo = try await storage.uploadPhoto(by: abe.id)

                _ = try await storage.updateProfile(of: abe.id, ProfileChanges(avatar: .set(photo.id)))
                #expect(try await storage.photoUses(id: photo.id) == PhotoUses(isAvatar: true))
                _ = try await storage.updateProfile(of: abe.id, ProfileChanges(avatar: .remove))
                #expect(try await storage.photoUses(id: photo.id) == PhotoUses())
            }
        }
    }
}
