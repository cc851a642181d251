import Foundation
import GRDB
import QwinkleKit

/// The timelines last seen, so a timeline can still be shown, marked stale, when the server cannot be reached.
///
/// A cache belongs to one account on one server: a copy made for one account is never shown to another account on
/// the same machine, nor one server's to another. Only a timeline's first page is kept (what `qwinkle timeline`
/// shows); older pages always come from the server. A copy is derived data, so it is replaced whole by every
/// fetch and never patched.
public struct TimelineCache: Sendable {
    /// The database the copies live in.
    public let store: OfflineStore
    /// The server the timelines come from.
    public let server: ServerAddress
    /// The signed-in account's username, or `nil` when signed out (public timelines only).
    public let username: String?
    let now: @Sendable () -> Date

    /// A cache of `username`'s timelines on `server`; `now` tells the time of a fetch.
    public init(store: OfflineStore, server: ServerAddress, username: String?, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.server = server
        self.username = username
        self.now = now
    }

    /// The timeline's first page (up to `limit` entries), fetched with `client` (a client of `server`, signed in as
    /// `username`) and cached; when the server cannot be reached, the cached copy, marked stale.
    ///
    /// A refusal, such as a revoked token or an unknown user, is thrown as it is: the cache stands in for a server
    /// that cannot be reached, never for one that says no.
    /// - Throws: `QwinkleError` from the server (`.unreachable` when nothing is cached either), `OfflineError` from
    ///   the database.
    public func timeline(_ timeline: Timeline, limit: Int? = nil, using client: APIClient) async throws -> TimelineResult {
        // The answer leaves the `do` before the cache is read: awaiting and then changing a variable inside this
        // `catch` crashes or hangs the Swift 6.3.1 compiler (StackNesting, in MandatoryAllocBoxToStack).
        let answer: Result<Page<TimelineEntry>, QwinkleError>
        do {
            answer = .success(try await client.timeline(timeline, limit: limit))
        } catch {
            answer = .failure(error)
        }
        switch answer {
        case .success(let page):
            let cached = try await save(page.items, fetchedAt: OfflineTimestamp.stored(now()), for: timeline)
            return .fresh(Page(items: cached.entries, nextCursor: page.nextCursor), fetchedAt: cached.fetchedAt)
        case .failure(let error) where error.isUnreachable:
            guard var copy = try await cached(timeline) else { throw error }
            if let limit { copy.entries = Array(copy.entries.prefix(max(limit, 0))) }
            return .stale(copy, reason: error)
        case .failure(let error):
            throw error
        }
    }

    /// The cached copy of a timeline, if there is one, without asking the server.
    public func cached(_ timeline: Timeline) async throws(OfflineError) -> CachedTimeline? {
        let key = key(timeline)
        let row = try await store.read { (db: Database) throws -> CachedRow? in
            let row = try Row.fetchOne(
                db, sql: "SELECT entries, fetched_at FROM cached_timelines WHERE server = ? AND account = ? AND timeline = ?",
                arguments: [key.server, key.account, key.timeline]
            )
            guard let row else { return nil }
            return CachedRow(entries: try row.decode(forColumn: "entries"), fetchedAt: try row.decode(forColumn: "fetched_at"))
        }
        guard let row else { return nil }
        let entries: [TimelineEntry]
        do {
            entries = try QwinkleJSON.decode([TimelineEntry].self, from: Data(row.entries.utf8))
        } catch {
            throw .unreadable(path: store.path, .invalidValue("the cached \(timeline) timeline (\(error))"))
        }
        return CachedTimeline(entries: entries, fetchedAt: OfflineTimestamp.date(row.fetchedAt))
    }

    /// A `cached_timelines` row's stored values, decoded outside the database's queue.
    private struct CachedRow: Sendable {
        var entries: String
        var fetchedAt: Int64
    }

    /// Forgets every cached timeline of this account on this server, as when signing out.
    public func removeAll() async throws(OfflineError) {
        let key = key(.home)
        try await store.write { (db: Database) throws -> Void in
            try db.execute(sql: "DELETE FROM cached_timelines WHERE server = ? AND account = ?", arguments: [key.server, key.account])
        }
    }

    /// Replaces the cached copy of a timeline, and returns it as it reads back.
    ///
    /// The entries are handed out as read back from their JSON, not as fetched: a time parsed by the API client
    /// can differ from the same time parsed from the cache in its last binary digit, and the fresh and stale
    /// results of one fetch must be equal.
    private func save(_ entries: [TimelineEntry], fetchedAt: Date, for timeline: Timeline) async throws(OfflineError) -> CachedTimeline {
        let key = key(timeline)
        let json: Data
        let stored: [TimelineEntry]
        do {
            json = try QwinkleJSON.encode(entries)
            stored = try QwinkleJSON.decode([TimelineEntry].self, from: json)
        } catch {
            throw .database(path: store.path, reason: "the \(timeline) timeline could not be stored as JSON (\(error))")
        }
        let arguments: StatementArguments = [
            key.server, key.account, key.timeline, String(decoding: json, as: UTF8.self), OfflineTimestamp.milliseconds(fetchedAt),
        ]
        try await store.write { (db: Database) throws -> Void in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO cached_timelines (server, account, timeline, entries, fetched_at)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: arguments
            )
        }
        return CachedTimeline(entries: stored, fetchedAt: fetchedAt)
    }

    /// The row's key. Usernames are case-insensitive, so they are stored lowercase; signed out is the empty name,
    /// which no account has.
    private func key(_ timeline: Timeline) -> (server: String, account: String, timeline: String) {
        (server.description, username?.lowercased() ?? "", timeline.description.lowercased())
    }
}
