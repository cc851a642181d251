import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleServices
import QwinkleStorage
import QwinkleTestSupport
import Synchronization
import Testing

/// A server that fails every delivery for long enough is dead: what is queued for it is dropped unsent, until its
/// probe comes round and a delivery is tried again; one that gets through makes it alive again.
@Suite("Federation: dead servers")
struct FederationDeadHostTests {
    /// Quick retries; dead from its second failure on; probed again an hour later (by the test's clock).
    static var settings: DeliveryService.Settings {
        var settings = DeliveryService.Settings()
        settings.idle = .milliseconds(20)
        settings.firstWait = .milliseconds(100)
        settings.longestWait = .milliseconds(100)
        settings.deadAfter = .zero
        settings.probeEvery = .seconds(3_600)
        return settings
    }

    /// Moves `clock` a second on at a time (so retries come due) until `done` holds, for up to 20 seconds of real time.
    static func until(_ clock: FakeClock, _ done: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if try await done() { return true }
            clock.advance(by: 1)
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await done()
    }

    @Test("A follower's server that stays down is marked dead and skipped, then tried again and revived")
    func deadHost() async throws {
        let clock = FakeClock(Date())
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(
                clock: clock.now, federation: .on(FederationRemoteNotesTests.origin, allowsPrivateAddresses: true), deliverySettings: Self.settings
            ) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    try await FederationFollowTests.zedFollowsAbe(remote, api: api)
                    let host = try #require(URLComponents(string: remote.base)?.host)
                    let state = { try await server.withStorage { try await $0.unreachableHosts(among: [host])[host] } }

                    remote.isDown.withLock { $0 = true }
                    try await api.post("While the server is down", as: abe)
                    // Two failures: the first starts its failing time, the second (past `deadAfter`) makes it dead.
                    #expect(try await Self.until(clock) { try await state()?.nextProbe != nil }, "marked dead")
                    #expect(try await state()?.isDead(at: clock.now()) == true)
                    // While it is dead, what is queued for it is dropped without being sent.
                    try await api.post("Dropped while dead", as: abe)
                    // Its deliveries are queued by a worker after the post answers: an empty queue before that proves
                    // nothing (and they would go out once the server is back).
                    await server.work.writesQueued.reached(server.work.writesPublished.count)
                    #expect(try await Self.until(clock) { try await server.withStorage { try await $0.queuedDeliveryCount() } == 0 }, "nothing queued")
                    #expect(remote.inboxRequests.count == 1, "the Accept alone arrived")

                    // Up again: once the probe comes round, a delivery gets through and the server is alive.
                    remote.isDown.withLock { $0 = false }
                    clock.advance(by: 2 * 3_600)
                    try await api.post("Back again", as: abe)
                    let arrived = try await remote.waitForInbox(count: 2)
                    #expect(arrived.last?.json["object"]["content"].string?.contains("Back again") == true)
                    #expect(!arrived.contains { $0.text.contains("Dropped while dead") || $0.text.contains("While the server is down") })
                    #expect(try await Self.until(clock) { try await state() == nil }, "a delivery that gets through makes it alive")
                }
            }
        }
    }
}
