import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleStorage
import QwinkleTestSupport
import Synchronization
import Testing

/// A server that fails every delivery for long enough is dead: what is queued for it is dropped unsent, but for one
/// delivery tried each time its probe comes round; one that gets through makes it alive again.
@Suite("Federation: dead servers")
struct FederationDeadHostTests {
    /// Quick retries; dead after the second failure; probed again after two seconds.
    static var settings: DeliveryService.Settings {
        var settings = DeliveryService.Settings()
        settings.idle = .milliseconds(50)
        settings.firstWait = .milliseconds(100)
        settings.longestWait = .milliseconds(100)
        settings.deadAfter = .zero
        settings.probeEvery = .seconds(2)
        return settings
    }

    @Test("A follower's server that stays down is marked dead and skipped, then tried again and revived")
    func deadHost() async throws {
        let settings = Self.settings
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(
                federation: .on(FederationRemoteNotesTests.origin, allowsPrivateAddresses: true), deliverySettings: settings
            ) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    try await FederationFollowTests.zedFollowsAbe(remote, api: api)

                    remote.isDown.withLock { $0 = true }
                    try await api.post("While the server is down", as: abe)
                    // Two failures: the first starts its failing time, the second (past `deadAfter`) makes it dead.
                    let host = try #require(URLComponents(string: remote.base)?.host)
                    var state: UnreachableHost?
                    for _ in 0..<100 where state?.nextProbe == nil {
                        try await Task.sleep(for: .milliseconds(50))
                        state = try await server.withStorage { try await $0.unreachableHosts(among: [host])[host] }
                    }
                    let dead = try #require(state)
                    #expect(dead.isDead(at: Date()), "marked dead")
                    // While it is dead, what is queued for it is dropped without being sent.
                    try await api.post("Dropped while dead", as: abe)
                    var queued = 1
                    for _ in 0..<40 where queued > 0 {
                        try await Task.sleep(for: .milliseconds(50))
                        queued = try await server.withStorage { try await $0.queuedDeliveryCount() }
                    }
                    #expect(queued == 0, "the queue holds nothing for a dead server")
                    #expect(remote.inboxRequests.count == 1)

                    // Up again: once the probe comes round, a delivery gets through and the server is alive.
                    remote.isDown.withLock { $0 = false }
                    try await Task.sleep(for: .seconds(2))
                    try await api.post("Back again", as: abe)
                    let arrived = try await remote.waitForInbox(count: 2)
                    #expect(arrived.last?.json["object"]["content"].string?.contains("Back again") == true)
                    #expect(!arrived.contains { $0.text.contains("Dropped while dead") })
                    var revived = false
                    for _ in 0..<40 where !revived {
                        revived = try await server.withStorage { try await $0.unreachableHosts(among: [host]).isEmpty }
                        if !revived { try await Task.sleep(for: .milliseconds(50)) }
                    }
                    #expect(revived, "a delivery that gets through makes it alive")
                }
            }
        }
    }
}
