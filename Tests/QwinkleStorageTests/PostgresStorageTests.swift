import Foundation
import Logging
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStoragePostgres
import QwinkleStorageSQL
import QwinkleTestSupport
import Synchronization
import Testing

/// What only PostgreSQL has to prove: several servers on one database at once. Each "server" here is a storage of
/// its own (its own pool of connections) on one shared schema.
@Suite("PostgreSQL storage", .enabled(if: PostgresTestDatabase.url != nil, Comment(rawValue: PostgresTestDatabase.skipNotice)), .timeLimit(.minutes(10)))
struct PostgresStorageTests {
    /// Runs `body` with `count` storages running at once on one new schema, dropped afterwards.
    private func withServers<Result>(_ count: Int, _ body: ([PostgresStorage]) async throws -> Result) async throws -> Result {
        let schema = PostgresTestDatabase.newSchema()
        defer { Task { try? await PostgresTestDatabase.dropSchema(schema) } }
        let storages = try (0..<count).map { _ in try PostgresTestDatabase.storage(schema: schema) }
        return try await running(storages[...], body: { try await body(storages) })
    }

    /// Runs each storage (migrating it) nested, then `body` with all of them running.
    private func running<Result>(_ storages: ArraySlice<PostgresStorage>, body: () async throws -> Result) async throws -> Result {
        guard let first = storages.first else { return try await body() }
        return try await first.withRunning { _ in try await running(storages.dropFirst(), body: body) }
    }

    @Test("Ten servers starting at once on a new database migrate it once, and each finds the schema current")
    func migrateOnce() async throws {
        let schema = PostgresTestDatabase.newSchema()
        defer { Task { try? await PostgresTestDatabase.dropSchema(schema) } }
        let versions = try await StorageFixtures.concurrently(10) { _ in
            try await PostgresTestDatabase.storage(schema: schema).withRunning { try await $0.schemaVersion() }
        }
        #expect(Set(versions) == [PostgresStorage.migrationCount])
        let rows = try await PostgresTestDatabase.query("SELECT count(*) FROM \(schema).qwinkle_migrations", as: Int.self)
        #expect(rows == [PostgresStorage.migrationCount], "each migration is recorded once")
    }

    @Test("A server refuses to start on a schema newer than it knows, and changes nothing")
    func newerSchemaRefused() async throws {
        let schema = PostgresTestDatabase.newSchema()
        defer { Task { try? await PostgresTestDatabase.dropSchema(schema) } }
        try await PostgresTestDatabase.storage(schema: schema).withRunning { _ in }
        let newer = PostgresStorage.migrationCount + 1
        _ = try await PostgresTestDatabase.query("INSERT INTO \(schema).qwinkle_migrations (version, name) VALUES (\(newer), 'from the future')", as: Int.self)
        await #expect(throws: PostgresStorage.SchemaTooNew.self) {
            try await PostgresTestDatabase.storage(schema: schema).withRunning { _ in }
        }
        let versions = try await PostgresTestDatabase.query("SELECT max(version) FROM \(schema).qwinkle_migrations", as: Int.self)
        #expect(versions == [newer])
    }

    @Test("With eight writers on two servers and readers catching up by since_id all along, no reader misses an entry")
    func catchUpMissesNothing() async throws {
        try await withServers(2) { servers in
            let authors = try await StorageFixtures.concurrently(8) { number in
                try await servers[number % 2].createAccount(named: "writer\(number)")
            }
            let finished = Flag()
            async let readers = StorageFixtures.concurrently(4) { number in
                // Each reader follows the public list as a live stream's catch-up does: what is above the last ID seen.
                let storage = servers[number % 2]
                var seen: [Entry.ID] = []
                var last: Int64 = 0
                var done = false
                while !done {
                    done = finished.isSet
                    let page = try await storage.entries(.everyonePublic, page: PageRequest(limit: 1_000, sinceCursor: last))
                    seen += page.map(\.item.id)
                    last = page.map(\.cursor).max() ?? last
                }
                return seen
            }
            let written = try await StorageFixtures.concurrently(8) { number in
                var ids: [Entry.ID] = []
                for post in 0..<40 {
                    ids.append(try await servers[post % 2].post(by: authors[number].id, body: "Post \(post)", at: StorageFixtures.time(post)).id)
                }
                return ids
            }.flatMap { $0 }
            finished.set()
            for seen in try await readers {
                let missed = Set(written).subtracting(seen)
                #expect(missed.isEmpty, "a reader missed \(missed.count) of \(written.count) entries")
                #expect(seen.count == Set(seen).count, "a reader saw an entry twice")
            }
        }
    }

    @Test("The same idempotency key sent through two servers at once makes one entry")
    func idempotencyAcrossServers() async throws {
        try await withServers(2) { servers in
            let abe = try await servers[0].createAccount(named: "abe")
            let key = IdempotencyKey(key: "sent-twice", since: StorageFixtures.time(0))
            let creations = try await StorageFixtures.concurrently(30) { attempt in
                try await servers[attempt % 2].post(by: abe.id, body: "Attempt \(attempt)", at: StorageFixtures.time(1), key: key)
            }
            #expect(Set(creations.map(\.entry.id)).count == 1)
            #expect(creations.filter { if case .created = $0 { true } else { false } }.count == 1)
            #expect(try await servers[1].ids(in: .author(abe.id, viewer: abe.id)).count == 1)
        }
    }

    @Test("Two servers publishing the same due entries at once post each exactly once, in the entries' order")
    func scheduledAcrossServers() async throws {
        try await withServers(2) { servers in
            let abe = try await servers[0].createAccount(named: "abe")
            for number in 0..<60 {
                _ = try #require(try await servers[number % 2].schedule(body: "entry \(number)", by: abe.id, at: StorageFixtures.time(number)))
            }
            let batches = try await StorageFixtures.concurrently(16) { attempt in
                try await servers[attempt % 2].publishScheduledEntries(
                    dueAt: StorageFixtures.time(100), datedNowBefore: StorageFixtures.time(0), limit: 7
                )
            }
            let rest = try await servers[1].publishScheduledEntries(dueAt: StorageFixtures.time(100), datedNowBefore: StorageFixtures.time(0), limit: 100)
            let bodies = batches.flatMap { $0.map(\.body) } + rest.map(\.body)
            #expect(bodies.count == 60)
            #expect(Set(bodies).count == 60, "no entry posted twice")
            let posted = try await servers[0].entries(.author(abe.id, viewer: abe.id), page: PageRequest(limit: 100)).map(\.item)
            #expect(posted.count == 60)
            #expect(try await servers[0].scheduledEntries(of: abe.id).isEmpty)
        }
    }

    @Test("Of 100 edits from one revision spread over two servers, exactly one is stored")
    func editsAcrossServers() async throws {
        try await withServers(2) { servers in
            let abe = try await servers[0].createAccount(named: "abe")
            let original = try await servers[0].post(by: abe.id, .public)
            let results = try await StorageFixtures.concurrently(100) { number in
                var edited = original
                edited.body = "edit \(number)"
                edited.revision = 2
                return try await servers[number % 2].updateEntry(edited, expectedRevision: 1)
            }
            #expect(results.filter { $0 }.count == 1)
            #expect(try await servers[1].revisions(of: original.id).count == 2)
        }
    }

    @Test("After the database ended every pooled connection, as a restart does, reads succeed on new connections")
    func droppedConnectionsRetried() async throws {
        try await withTimeout(waitingFor: "the servers to start") {
            try await withServers(1) { servers in
                let abe = try await servers[0].createAccount(named: "abe")
                waitingFor("eight reads at once")
                // Reads at once, so the pool holds several connections, each of which will fail once when next used.
                _ = try await StorageFixtures.concurrently(8) { _ in try await servers[0].account(id: abe.id) }
                waitingFor("the database to end the connections")
                let ended = try await PostgresTestDatabase.query(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'qwinkle:\(servers[0].schema)'",
                    as: Bool.self
                )
                #expect(ended.count > 1)
                waitingFor("eight reads after the connections ended")
                let reads = try await StorageFixtures.concurrently(8) { _ in try await servers[0].account(id: abe.id) }
                #expect(reads.allSatisfy { $0 == abe })
                waitingFor("the servers to stop")
            }
        }
    }

    @Test("With no database to reach, a read is refused as unavailable within the lease timeout, not left waiting")
    func unreachableIsUnavailable() async throws {
        var configuration = PostgresClient.Configuration(
            // Port 1 is privileged and unused: connecting is refused at once.
            host: "127.0.0.1", port: 1, username: "nobody", password: nil, database: "none", tls: .disable
        )
        configuration.options.connectTimeout = .milliseconds(200)
        let storage = PostgresStorage(configuration: configuration, leaseTimeout: .milliseconds(500), logger: Logger(label: "unreachable"))
        let started = ContinuousClock.now
        await #expect(throws: StorageError.self) {
            try await storage.withRunning { storage in _ = try await storage.account(id: StorageFixtures.unknownID()) }
        }
        // Left waiting, it would never answer; the bound is far above the 0.5 s lease so that a loaded machine, where
        // this took 13 s amid a full parallel run, does not fail it.
        #expect(ContinuousClock.now - started < .seconds(60), "it answered instead of waiting for the pool")
    }
}

/// A flag one task sets and others read.
private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
