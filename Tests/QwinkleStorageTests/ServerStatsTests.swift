import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("The server's figures")
    struct ServerStatsStorage {
        static let now = Date(timeIntervalSince1970: 1_800_000_000)

        @Test("Its people, those who posted since a date, their counted entries and the servers known, on every backend", arguments: Backend.allCases)
        func stats(backend: Backend) async throws {
            try await backend.withStorage { storage in
                #expect(try await storage.serverStats(activeSince: Self.now) == ServerStats())
                let abe = try await storage.createAccount(named: "abe")
                _ = try await storage.createAccount(named: "mary")
                _ = try await storage.storeRemoteActor(StorageConformance.RemoteAccountStorage.actor("bea"), at: Self.now)
                _ = try await storage.storeRemoteActor(StorageConformance.RemoteAccountStorage.actor("zed", host: "other.example"), at: Self.now)
                _ = try await storage.post(by: abe.id, body: "One")
                _ = try await storage.post(by: abe.id, body: "Two")
                let stats = try await storage.serverStats(activeSince: .distantPast)
                #expect(stats == ServerStats(accounts: 2, activeAccounts: 1, entries: 2, domains: 2))
                #expect(try await storage.serverStats(activeSince: .distantFuture).activeAccounts == 0)
            }
        }
    }
}
