import Foundation
import QwinkleClient
import QwinkleKit
import Testing

/// The timelines last seen, against a live server that then goes away.
@Suite struct TimelineCacheTests {
    /// The time of the fetch, fixed so the stale copy can be checked to the millisecond.
    static let fetchTime = Date(timeIntervalSince1970: 1_800_000_000.123)

    /// What a live server left in the cache: abe's home timeline of two entries.
    struct Cached {
        let bed: OfflineTestBed
        let store: OfflineStore
        let address: ServerAddress
        let token: String?
        let fresh: TimelineResult
    }

    /// Signs abe up on a live server, posts two entries, fetches the home timeline through the cache, and stops
    /// the server; `during` runs while it is still up.
    static func cacheAbesHome(during: @Sendable (APIClient, TimelineCache) async throws -> Void = { _, _ in }) async throws -> Cached {
        let bed = try OfflineTestBed()
        let store = try bed.openStore()
        let (address, token, fresh) = try await bed.live { address in
            let abe = try await OfflineTestBed.signUp("abe", on: address)
            _ = try await abe.createEntry(OfflineTestBed.update("first"))
            _ = try await abe.createEntry(OfflineTestBed.update("second"))
            let cache = TimelineCache(store: store, server: address, username: "abe", now: { fetchTime })
            let fresh = try await cache.timeline(.home, using: abe)
            try await during(abe, cache)
            return (address, abe.token, fresh)
        }
        return Cached(bed: bed, store: store, address: address, token: token, fresh: fresh)
    }

    @Test func aFetchFillsTheCache() async throws {
        let cached = try await Self.cacheAbesHome()

        #expect(!cached.fresh.isStale)
        #expect(cached.fresh.entries.map(\.entry.body) == ["second", "first"])
        #expect(cached.fresh.fetchedAt == Self.fetchTime)
        let cache = TimelineCache(store: cached.store, server: cached.address, username: "abe")
        #expect(try await cache.cached(.home) == CachedTimeline(entries: cached.fresh.entries, fetchedAt: Self.fetchTime))
        #expect(try await cache.cached(.everyone) == nil)
    }

    @Test func anUnreachableServerGivesTheCachedEntriesMarkedStale() async throws {
        let cached = try await Self.cacheAbesHome()
        let down = try cached.bed.unlistened()
        defer { down.release() }
        // Opened anew, as the next `qwinkle timeline` would, an hour later.
        let cache = TimelineCache(
            store: try cached.bed.openStore(), server: cached.address, username: "abe", now: { Self.fetchTime.addingTimeInterval(3600) }
        )

        let result = try await cache.timeline(.home, using: OfflineTestBed.client(cached.address, token: cached.token))

        guard case .stale(let copy, let reason) = result else {
            Issue.record("expected the cached copy, got \(result)")
            return
        }
        #expect(result.isStale)
        #expect(copy.entries == cached.fresh.entries)
        #expect(copy.fetchedAt == Self.fetchTime)
        #expect(reason.isUnreachable)
        let limited = try await cache.timeline(.home, limit: 1, using: OfflineTestBed.client(cached.address, token: cached.token))
        #expect(limited.entries.map(\.entry.body) == ["second"])
    }

    @Test func withNothingCachedAnUnreachableServerIsAnError() async throws {
        let bed = try OfflineTestBed()
        let down = try OfflineUnlistenedPort()
        defer { down.release() }
        let cache = TimelineCache(store: try bed.openStore(), server: try down.address, username: "abe")

        let error = await #expect(throws: QwinkleError.self) {
            try await cache.timeline(.home, using: OfflineTestBed.client(try down.address, token: "a-token"))
        }
        #expect(error?.isUnreachable == true)
    }

    @Test func anotherAccountOrServerDoesNotSeeTheCache() async throws {
        let cached = try await Self.cacheAbesHome()
        let down = try cached.bed.unlistened()
        defer { down.release() }
        let elsewhere = try OfflineUnlistenedPort()
        defer { elsewhere.release() }
        let client = OfflineTestBed.client(cached.address, token: cached.token)

        for username in ["bob", nil] as [String?] {
            let cache = TimelineCache(store: cached.store, server: cached.address, username: username)
            let error = await #expect(throws: QwinkleError.self, "\(username ?? "signed out")") {
                try await cache.timeline(.home, using: client)
            }
            #expect(error?.isUnreachable == true)
        }
        let otherServer = TimelineCache(store: cached.store, server: try elsewhere.address, username: "abe")
        #expect(try await otherServer.cached(.home) == nil)
        // Usernames are case-insensitive: ABE is abe.
        let sameAccount = TimelineCache(store: cached.store, server: cached.address, username: "ABE")
        #expect(try await sameAccount.timeline(.home, using: client).isStale)
    }

    @Test func aRefusalIsNotHiddenByTheCache() async throws {
        _ = try await Self.cacheAbesHome { abe, cache in
            _ = try await cache.timeline(.account("abe"), using: abe)
            let nobody = await #expect(throws: QwinkleError.self) { try await cache.timeline(.account("nobody"), using: abe) }
            #expect(nobody?.status == 404)
            try await abe.logOut()
            let revoked = await #expect(throws: QwinkleError.self) { try await cache.timeline(.home, using: abe) }
            #expect(revoked?.status == 401)
            #expect(try await cache.cached(.home) != nil)
        }
    }

    @Test func removingTheCacheForgetsEveryTimelineOfTheAccount() async throws {
        let abesTimelines: [Timeline] = [.home, .everyone, .journal, .account("abe")]
        let othersTimelines: [Timeline] = [.home, .everyone]
        let cached = try await Self.cacheAbesHome { abe, cache in
            _ = try await abe.createEntry(EntryContent(kind: .journal, body: "dear diary", visibility: .journal))
            for timeline in abesTimelines where timeline != .home {
                _ = try await cache.timeline(timeline, using: abe)
            }
            // Bob and a signed-out reader keep their own copies in the same file, of the same server.
            let bob = try await OfflineTestBed.signUp("bob", on: cache.server)
            let bobs = TimelineCache(store: cache.store, server: cache.server, username: "bob")
            for timeline in othersTimelines { _ = try await bobs.timeline(timeline, using: bob) }
            let signedOut = TimelineCache(store: cache.store, server: cache.server, username: nil)
            _ = try await signedOut.timeline(.everyone, using: OfflineTestBed.client(cache.server))
        }
        let cache = TimelineCache(store: cached.store, server: cached.address, username: "abe")
        let bobs = TimelineCache(store: cached.store, server: cached.address, username: "bob")
        let signedOut = TimelineCache(store: cached.store, server: cached.address, username: nil)
        for timeline in abesTimelines {
            #expect(try await cache.cached(timeline)?.entries.isEmpty == false, "abe's \(timeline) timeline is cached at first")
        }
        var othersBefore: [CachedTimeline] = []
        for timeline in othersTimelines { othersBefore.append(try #require(try await bobs.cached(timeline), "bob's \(timeline)")) }
        let signedOutBefore = try #require(try await signedOut.cached(.everyone))

        try await cache.removeAll()

        for timeline in abesTimelines {
            #expect(try await cache.cached(timeline) == nil, "abe's \(timeline) timeline is forgotten")
        }
        var othersAfter: [CachedTimeline?] = []
        for timeline in othersTimelines { othersAfter.append(try await bobs.cached(timeline)) }
        #expect(othersAfter == othersBefore, "bob's copies are untouched")
        #expect(try await signedOut.cached(.everyone) == signedOutBefore, "the signed-out copy is untouched")
    }
}
