import Foundation
import Logging
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStoragePostgres
import QwinkleStorageSQL
import QwinkleTestSupport
import Testing

/// The event bus of servers sharing a PostgreSQL database: what one server writes reaches the streams of all.
@Suite("Shared event bus", .enabled(if: PostgresTestDatabase.url != nil, Comment(rawValue: PostgresTestDatabase.skipNotice)), .timeLimit(.minutes(10)))
struct SharedEntryEventBusTests {
    /// Two servers on one new schema, each with its storage and a running bus, while `body` runs.
    private func withTwoServers(
        _ body: (_ a: (PostgresStorage, SharedEntryEventBus), _ b: (PostgresStorage, SharedEntryEventBus)) async throws -> Void
    ) async throws {
        let schema = PostgresTestDatabase.newSchema()
        defer { Task { try? await PostgresTestDatabase.dropSchema(schema) } }
        let logger = Logger(label: "shared-bus-tests")
        try await PostgresTestDatabase.storage(schema: schema).withRunning { a in
            try await PostgresTestDatabase.storage(schema: schema).withRunning { b in
                let busA = SharedEntryEventBus(channel: a, storage: a, logger: logger)
                let busB = SharedEntryEventBus(channel: b, storage: b, logger: logger)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await busA.run() }
                    group.addTask { await busB.run() }
                    defer { group.cancelAll() }
                    // Both listen before anything is published: LISTEN takes a moment after the bus starts.
                    try await Self.untilListening(schema: schema, count: 2)
                    try await body((a, busA), (b, busB))
                }
            }
        }
    }

    /// Waits until `count` connections of the schema's servers are listening.
    private static func untilListening(schema: String, count: Int) async throws {
        waitingFor("\(count) servers to listen")
        while try await listeners(schema: schema).count < count {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The backends of the schema's servers that listen.
    private static func listeners(schema: String) async throws -> [Int32] {
        try await PostgresTestDatabase.query(
            "SELECT pid FROM pg_stat_activity WHERE application_name = 'qwinkle:\(schema)' AND query LIKE 'LISTEN%'", as: Int32.self
        )
    }

    /// The next event of a subscription, skipping heartbeats; `nil` when it ended.
    private static func nextEvent(_ iterator: inout AsyncStream<EntrySubscription.Message>.Iterator) async -> EntryEvent? {
        while let message = await iterator.next() {
            if case .event(let event) = message { return event }
        }
        return nil
    }

    /// An account and a public entry of it, stored.
    private static func post(on storage: PostgresStorage, body: String) async throws -> (Entry, Account) {
        var abe = try await storage.account(username: "abe")
        if abe == nil {
            abe = try await storage.createAccount(NewAccount(username: "abe", email: "abe@example.com", passwordHash: "unused", createdAt: Date()))
        }
        let author = try #require(abe)
        let entry = try await storage.createEntry(
            NewEntry(author: author.id, content: EntryContent(kind: .update, body: body, photos: [], visibility: .public), createdAt: Date()), idempotencyKey: nil
        ).entry
        return (entry, author)
    }

    @Test("An entry written through one server reaches a stream open on the other, read back whole")
    func createdCrossesServers() async throws {
        try await withTimeout(waitingFor: "the entry to cross") {
            try await withTwoServers { a, b in
                let subscription = b.1.subscribe(heartbeat: .seconds(60))
                var events = subscription.messages.makeAsyncIterator()
                let (entry, author) = try await Self.post(on: a.0, body: "Posted on A")
                a.1.publish(.created(entry, author: author))
                waitingFor("server B's stream to show the entry")
                #expect(await Self.nextEvent(&events) == .created(entry, author: author))
            }
        }
    }

    @Test("A server's own streams get its events once, not again from the channel")
    func ownEventsOnce() async throws {
        try await withTimeout(waitingFor: "the events") {
            try await withTwoServers { a, b in
                let subscription = a.1.subscribe(heartbeat: .seconds(60))
                var events = subscription.messages.makeAsyncIterator()
                let (first, author) = try await Self.post(on: a.0, body: "First")
                a.1.publish(.created(first, author: author))
                // A second event from the other server marks where a duplicate of the first would have arrived.
                let (second, _) = try await Self.post(on: b.0, body: "Second")
                b.1.publish(.created(second, author: author))
                #expect(await Self.nextEvent(&events) == .created(first, author: author))
                #expect(await Self.nextEvent(&events) == .created(second, author: author))
            }
        }
    }

    @Test("A delete, an edit out of sight, a change of relations and a sign-out cross too, with what a stream needs to judge them")
    func otherEventsCross() async throws {
        try await withTimeout(waitingFor: "the events") {
            try await withTwoServers { a, b in
                let subscription = b.1.subscribe(heartbeat: .seconds(60))
                var events = subscription.messages.makeAsyncIterator()
                let (entry, author) = try await Self.post(on: a.0, body: "Soon private")
                var edited = entry
                edited.visibility = .private
                edited.revision = 2
                #expect(try await a.0.updateEntry(edited, expectedRevision: 1))
                a.1.publish(.updated(before: entry, after: edited, author: author))
                guard case .updated(let before, let after, let shownAuthor) = await Self.nextEvent(&events) else {
                    Issue.record("no update")
                    return
                }
                #expect(before?.visibility == .public, "the stream knows who could see it before")
                #expect(after == edited && shownAuthor == author)

                // Deleted only now: an event whose entry is gone by the time it is heard has nothing left to show.
                #expect(try await a.0.deleteEntry(id: entry.id, at: Date()))
                a.1.publish(.deleted(edited))
                a.1.publish(.relationsChanged(of: author.id))
                a.1.publish(.signedOut(tokenHash: String(repeating: "a", count: 64)))
                #expect(await Self.nextEvent(&events) == .deleted(edited))
                #expect(await Self.nextEvent(&events) == .relationsChanged(of: author.id))
                #expect(await Self.nextEvent(&events) == .signedOut(tokenHash: String(repeating: "a", count: 64)))
            }
        }
    }

    @Test("When the listening connection drops, the server listens again and finishes its streams, so their clients catch up")
    func resumedListeningFinishesStreams() async throws {
        try await withTimeout(waitingFor: "the stream to be finished") {
            try await withTwoServers { a, b in
                let subscription = b.1.subscribe(heartbeat: .seconds(60))
                let listeners = try await Self.listeners(schema: b.0.schema)
                // End both listeners: whichever is B's, its notices from now until it listens again are lost.
                for pid in listeners {
                    _ = try await PostgresTestDatabase.query("SELECT pg_terminate_backend(\(pid))", as: Bool.self)
                }
                waitingFor("server B to listen again and finish its stream")
                var messages = subscription.messages.makeAsyncIterator()
                #expect(await Self.nextEvent(&messages) == nil, "the stream ended")
                // And it listens again: what A writes now reaches B's new streams.
                try await Self.untilListening(schema: b.0.schema, count: 2)
                let again = b.1.subscribe(heartbeat: .seconds(60))
                var events = again.messages.makeAsyncIterator()
                let (entry, author) = try await Self.post(on: a.0, body: "After the gap")
                a.1.publish(.created(entry, author: author))
                #expect(await Self.nextEvent(&events) == .created(entry, author: author))
            }
        }
    }
}
