import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Accounts and tokens")
    struct Accounts {
        @Test("A new account reads back by its ID, and by its username in any case; the username is kept lowercase", arguments: Backend.allCases)
        func createAndReadBack(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let created = try await storage.createAccount(NewAccount(
                    username: "Abe_Lincoln", email: "abe@example.com", passwordHash: "$2b$12$abe", createdAt: StorageFixtures.time(0)
                ))
                #expect(created.username == "abe_lincoln")
                #expect(created == Account(id: created.id, username: "abe_lincoln", createdAt: created.createdAt))
                #expect(created.createdAt.isSameMillisecond(as: StorageFixtures.time(0)))

                #expect(try await storage.account(id: created.id) == created)
                #expect(try await storage.account(username: "abe_lincoln") == created)
                #expect(try await storage.account(username: "ABE_Lincoln") == created)
                #expect(try await storage.account(username: "mary") == nil)
                #expect(try await storage.account(id: StorageFixtures.unknownID()) == nil)
            }
        }

        @Test("Several accounts are read at once by ID; unknown IDs are left out", arguments: Backend.allCases)
        func accountsByID(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                _ = try await storage.createAccount(named: "tad")

                #expect(try await storage.accounts(ids: [abe.id, mary.id, StorageFixtures.unknownID()]) == [abe.id: abe, mary.id: mary])
                #expect(try await storage.accounts(ids: []).isEmpty)
            }
        }

        @Test("Logging in finds the account and its password hash, whatever the username's case", arguments: Backend.allCases)
        func credentials(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")

                let credentials = try #require(try await storage.credentials(username: "ABE"))
                #expect(credentials.account == abe)
                #expect(credentials.passwordHash == StorageFixtures.passwordHash(of: "abe"))
                #expect(try await storage.credentials(username: "mary") == nil)
            }
        }

        @Test("A taken username is refused, in any case, and the first account is left as it was", arguments: Backend.allCases)
        func usernameTaken(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")

                for attempt in ["abe", "ABE", "Abe"] {
                    await #expect(throws: StorageError.usernameTaken("abe")) {
                        try await storage.createAccount(NewAccount(
                            username: attempt, email: "impostor@example.com", passwordHash: "$2b$12$impostor",
                            createdAt: StorageFixtures.time(1)
                        ))
                    }
                }
                let credentials = try #require(try await storage.credentials(username: "abe"))
                #expect(credentials.account == abe)
                #expect(credentials.passwordHash == StorageFixtures.passwordHash(of: "abe"))
                // The refused sign-ups left nothing behind: the next account is the only other one.
                let mary = try await storage.createAccount(named: "mary")
                #expect(try await storage.accounts(ids: [abe.id, mary.id]).count == 2)
            }
        }

        @Test("Each profile field changes on its own, and the avatar and favourite creature can be removed", arguments: Backend.allCases)
        func updateProfile(backend: Backend) async throws {
            try await backend.withStorage { storage in
                var abe = try await storage.createAccount(named: "abe")
                let photo = try await storage.uploadPhoto(by: abe.id)

                let edits: [(ProfileChanges, (inout Account) -> Void)] = [
                    (ProfileChanges(displayName: "Abraham"), { $0.displayName = "Abraham" }),
                    (ProfileChanges(bio: "Sixteenth."), { $0.bio = "Sixteenth." }),
                    (ProfileChanges(avatar: .set(photo.id)), { $0.avatar = photo.id }),
                    (ProfileChanges(favoriteCreature: .set(.unicorn(.white))), { $0.favoriteCreature = .unicorn(.white) }),
                    (ProfileChanges(), { _ in }),
                    (ProfileChanges(avatar: .remove), { $0.avatar = nil }),
                    (ProfileChanges(favoriteCreature: .remove), { $0.favoriteCreature = nil }),
                    (ProfileChanges(displayName: "", bio: ""), { $0.displayName = ""; $0.bio = "" }),
                ]
                for (changes, change) in edits {
                    change(&abe)
                    #expect(try await storage.updateProfile(of: abe.id, changes) == abe, "after \(changes)")
                    #expect(try await storage.account(id: abe.id) == abe, "after \(changes)")
                }
            }
        }

        @Test("Editing the profile of an unknown account is refused as not found", arguments: Backend.allCases)
        func updateUnknownProfile(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let error = await #expect(throws: StorageError.self) {
                    try await storage.updateProfile(of: StorageFixtures.unknownID(), ProfileChanges(displayName: "Nobody"))
                }
                #expect(error?.isNotFound == true)
            }
        }

        @Test("A stored token finds its account until it is deleted", arguments: Backend.allCases)
        func tokens(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                try await storage.storeToken(hash: "hash-1", for: abe.id, createdAt: StorageFixtures.time(0), client: "Firefox")
                try await storage.storeToken(hash: "hash-2", for: abe.id, createdAt: StorageFixtures.time(1), client: "")

                #expect(try await storage.account(tokenHash: "hash-1")?.account == abe)
                #expect(try await storage.account(tokenHash: "hash-unknown") == nil)

                try await storage.deleteToken(hash: "hash-1")
                #expect(try await storage.account(tokenHash: "hash-1") == nil)
                #expect(try await storage.account(tokenHash: "hash-2")?.account == abe)
                try await storage.deleteToken(hash: "hash-1")
            }
        }
    }
}
