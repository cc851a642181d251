import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite

/// The most-followed account's followers on other servers, for the `fan-out` route: 5,000 actors, each on a server of
/// its own with no shared inbox, so that one post of theirs queues 5,000 deliveries — the most one post can cost.
///
/// Their hosts are under `.invalid`, which never resolves: the server's delivery attempts during the run fail at
/// once, as they would for servers that are gone, and nothing leaves the machine.
enum FanOutFollowers {
    /// How many followers the route's author has elsewhere.
    static let count = 5_000
    /// The public origin the route's server runs under, which turns federation on.
    static let publicURL = "https://bench.qwinkle.example"

    /// Gives the folder's most-followed account the followers it lacks, and empties the delivery queue an earlier run
    /// left, so that the server starts with nothing to send.
    static func prepare(folder: URL, facts: SeedFacts, database: String?) async throws {
        guard database == nil else {
            throw BenchFailure("the fan-out route runs on a folder's SQLite file; leave it out with --database")
        }
        let storage = try SQLiteStorage(path: DataFolder(folder).database.path)
        defer { try? storage.close() }
        guard let popular = try await storage.account(username: facts.popularUsername) else {
            throw BenchFailure("\(folder.path) has no account \(facts.popularUsername)")
        }
        let kept = Set(try await storage.remoteFollowers(of: popular.id).map(\.actorURL))
        let missing = (0..<count).map(follower).filter { !kept.contains($0.actorURL) }
        let now = Date()
        // Many at once, so that the storage's group commit syncs them together rather than one by one.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, follower) in missing.enumerated() {
                if index >= 64 { try await group.next() }
                group.addTask { try await storage.addRemoteFollower(follower, of: popular.id, at: now) }
            }
            try await group.waitForAll()
        }
        _ = try await clearQueue(folder: folder)
    }

    /// Empties the queue and says how many deliveries it held: the route's deliveries go to servers that do not
    /// exist, and a later run must not start behind them.
    static func clearQueue(folder: URL) async throws -> Int {
        let queue = try DatabaseQueue(path: DataFolder(folder).database.path)
        return try await queue.write { db in
            try db.execute(sql: "DELETE FROM deliveries")
            return db.changesCount
        }
    }

    /// Waits, while the server runs, until its delivery queue has stopped growing for two seconds (or two minutes
    /// passed): the server queues a post's deliveries after answering it, so the last posts' are still being queued
    /// when the load ends. Returns when the queue last grew.
    static func waitForQueue(folder: URL) async throws -> ContinuousClock.Instant {
        let queue = try DatabaseQueue(path: DataFolder(folder).database.path)
        defer { try? queue.close() }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(120))
        var (count, grew) = (-1, clock.now)
        while clock.now < deadline, grew.duration(to: clock.now) < .seconds(2) {
            let now = try await queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM deliveries") ?? 0 }
            if now != count { (count, grew) = (now, clock.now) }
            try await Task.sleep(for: .milliseconds(100))
        }
        return grew
    }

    /// The `index`th follower.
    private static func follower(_ index: Int) -> RemoteFollower {
        let origin = "https://f\(index).fanout.invalid"
        return RemoteFollower(
            actorURL: "\(origin)/users/bench", inbox: "\(origin)/inbox", sharedInbox: nil, followActivity: "\(origin)/follows/bench"
        )
    }
}
