import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Actor keys")
    struct ActorKeyStorage {
        static let first = ActorKeys(publicKeyPEM: "-----BEGIN PUBLIC KEY-----\nfirst\n-----END PUBLIC KEY-----", privateKeyPEM: "first private")
        static let second = ActorKeys(publicKeyPEM: "-----BEGIN PUBLIC KEY-----\nsecond\n-----END PUBLIC KEY-----", privateKeyPEM: "second private")

        @Test("An account's keys are made once: the first stored are kept, and each account has its own", arguments: Backend.allCases)
        func keptOnce(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                #expect(try await storage.actorKeys(of: abe.id) == nil)

                #expect(try await storage.storeActorKeys(Self.first, for: abe.id) == Self.first)
                // A second server making keys at the same moment is given the first's.
                #expect(try await storage.storeActorKeys(Self.second, for: abe.id) == Self.first)
                #expect(try await storage.actorKeys(of: abe.id) == Self.first)
                #expect(try await storage.actorKeys(of: mary.id) == nil)
                #expect(try await storage.storeActorKeys(Self.second, for: mary.id) == Self.second)
            }
        }

        @Test("Keys are not kept for an account that does not exist, and go with a deleted account", arguments: Backend.allCases)
        func onlyForAccounts(backend: Backend) async throws {
            try await backend.withStorage { storage in
                await #expect(throws: StorageError.self) {
                    _ = try await storage.storeActorKeys(Self.first, for: Account.ID(integer: 999_999))
                }
                let abe = try await storage.createAccount(named: "abe")
                _ = try await storage.storeActorKeys(Self.first, for: abe.id)
                _ = try await storage.deleteAccount(id: abe.id)
                #expect(try await storage.actorKeys(of: abe.id) == nil)
            }
        }
    }
}
