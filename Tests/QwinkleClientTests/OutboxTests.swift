import Foundation
import QwinkleClient
import QwinkleKit
import Synchronization
import Testing

/// The outbox against a live server: entries queued while it is down are posted exactly once when it is back.
@Suite struct OutboxTests {
    @Test func entriesQueuedWhileTheServerIsDownAreSentInOrderWhenItIsBack() async throws {
        let bed = try OfflineTestBed()
        let (address, token) = try await bed.live { address in
            let abe = try await OfflineTestBed.signUp("abe", on: address)
            return (address, try #require(abe.token))
        }
        let down = try bed.unlistened()
        let client = OfflineTestBed.client(address, token: token)
        let outbox = Outbox(store: try bed.openStore(), server: address, username: "abe")

        var queued: [OutboxItem] = []
        for body in ["one", "two", "three"] {
            let error = await #expect(throws: QwinkleError.self) { try await client.createEntry(OfflineTestBed.update(body)) }
            #expect(error?.isUnreachable == true)
            queued.append(try await outbox.enqueue(OfflineTestBed.update(body)))
        }
        let offline = try await outbox.flush(using: client)

        guard case .stopped(let reason) = offline.ending else {
            Issue.record("expected the flush to stop, got \(offline.ending)")
            return
        }
        #expect(reason.isUnreachable)
        #expect(offline.sent.isEmpty && offline.failed.isEmpty)
        #expect(try await outbox.pending() == queued)
        #expect(Set(queued.map(\.idempotencyKey)).count == 3)

        down.release()
        let (report, bodies, ids) = try await bed.live { again in
            #expect(again == address, "the server came back at its address")
            // A new process: the queue is read back from the file.
            let report = try await Outbox(store: try bed.openStore(), server: address, username: "abe").flush(using: client)
            let entries = try await client.timeline(.account("abe")).items
            return (report, entries.map(\.entry.body), entries.map(\.id))
        }

        #expect(report.ending == .emptied)
        #expect(report.sent.map(\.content.body) == ["one", "two", "three"])
        #expect(report.sent.map(\.idempotencyKey) == queued.map(\.idempotencyKey))
        #expect(bodies == ["three", "two", "one"])
        #expect(report.sent.map(\.state.sentEntry) == ids.reversed())
        #expect(try await outbox.pending().isEmpty)
        #expect(try await outbox.items() == report.sent)
    }

    @Test func aSendInterruptedAfterTheServerMadeTheEntryIsRecordedOnceOnTheNextFlush() async throws {
        let bed = try OfflineTestBed()
        try await bed.live { address in
            let abe = try await OfflineTestBed.signUp("abe", on: address)
            let item = try await Outbox(store: try bed.openStore(), server: address, username: "abe")
                .enqueue(OfflineTestBed.update("only once"))
            let dying = OutboxDyingSender(client: abe)

            let interrupted = try await Outbox(store: try bed.openStore(), server: address, username: "abe").flush(using: dying)

            #expect(interrupted.sent.isEmpty)
            #expect(try await OfflineTestBed.bodies(of: "abe", using: abe) == ["only once"])
            let made = try #require(dying.entriesMade.first)

            // The next process opens the file and flushes again; the same key brings back the same entry.
            let log = OutboxSendLog()
            let outbox = Outbox(store: try bed.openStore(), server: address, username: "abe")
            let report = try await outbox.flush(using: OutboxLoggingSender(client: abe, log: log))

            #expect(log.sentKeys == [item.idempotencyKey])
            #expect(report.ending == .emptied)
            #expect(report.sent.map(\.state) == [.sent(entry: made.id, at: try #require(report.sent.first?.state.sentAt))])
            #expect(try await OfflineTestBed.bodies(of: "abe", using: abe) == ["only once"])
            #expect(try await outbox.items().map(\.state.sentEntry) == [made.id])
        }
    }

    @Test func aRefusedEntryFailsWithTheServersMessageAndTheRestAreSent() async throws {
        let bed = try OfflineTestBed()
        try await bed.live { address in
            let abe = try await OfflineTestBed.signUp("abe", on: address)
            let outbox = Outbox(store: try bed.openStore(), server: address, username: "abe")
            let tooLong = OfflineTestBed.update(String(repeating: "a", count: 141))
            let refusal = await #expect(throws: QwinkleError.self) { try await abe.createEntry(tooLong) }
            let direct = try #require(refusal)
            let first = try await outbox.enqueue(OfflineTestBed.update("before"))
            let refused = try await outbox.enqueue(tooLong)
            let last = try await outbox.enqueue(OfflineTestBed.update("after"))

            let report = try await outbox.flush(using: abe)

            #expect(report.ending == .emptied)
            #expect(report.sent.map(\.id) == [first.id, last.id])
            #expect(report.failed.map(\.id) == [refused.id])
            guard case .failed(let failure) = report.failed.first?.state else {
                Issue.record("expected a failure, got \(String(describing: report.failed.first))")
                return
            }
            #expect(failure.status == 422)
            #expect(failure.code == direct.code)
            #expect(failure.message == direct.description)
            #expect(try await outbox.failed() == report.failed)

            // A failed item is kept for the person, and never sent again.
            let again = try await outbox.flush(using: abe)
            #expect(again == FlushReport(ending: .emptied))
            #expect(try await OfflineTestBed.bodies(of: "abe", using: abe) == ["after", "before"])

            await #expect(throws: OfflineError.notDiscardable(first.id)) { try await outbox.discard(first.id) }
            try await outbox.discard(refused.id)
            #expect(try await outbox.failed().isEmpty)
            #expect(try await outbox.items().map(\.id) == [first.id, last.id])
        }
    }

    @Test func anUnreachableServerLeavesEveryItemPendingInOrderAcrossReopening() async throws {
        let bed = try OfflineTestBed()
        let down = try OfflineUnlistenedPort()
        defer { down.release() }
        let address = try down.address
        let outbox = Outbox(store: try bed.openStore(), server: address, username: "abe")
        let dream = EntryContent(
            kind: .dream(DreamDetails(creature: .dragon, effects: [.fireflies, .snow], numberOfCreatures: try #require(CreatureCount(3)))),
            body: "a dragon in the snow", visibility: .journal
        )
        let queued = [
            try await outbox.enqueue(OfflineTestBed.update("one")), try await outbox.enqueue(dream),
            try await outbox.enqueue(OfflineTestBed.update("three")),
        ]

        let report = try await outbox.flush(using: OfflineTestBed.client(address, token: "a-token"))

        #expect(report.sent.isEmpty && report.failed.isEmpty)
        guard case .stopped(let reason) = report.ending else {
            Issue.record("expected the flush to stop, got \(report.ending)")
            return
        }
        #expect(reason.isUnreachable)
        let reopened = Outbox(store: try bed.openStore(), server: address, username: "abe")
        #expect(try await reopened.pending() == queued)
        // Another account's or server's outbox is another queue.
        #expect(try await Outbox(store: try bed.openStore(), server: address, username: "bob").pending().isEmpty)
        #expect(try await Outbox(store: try bed.openStore(), server: .local, username: "abe").pending().isEmpty)
    }

    @Test func aSecondFlushWhileOneIsSendingSendsNothing() async throws {
        let bed = try OfflineTestBed()
        try await bed.live { address in
            let abe = try await OfflineTestBed.signUp("abe", on: address)
            let outbox = Outbox(store: try bed.openStore(), server: address, username: "abe")
            var keys: [String] = []
            for body in ["one", "two", "three"] {
                keys.append(try await outbox.enqueue(OfflineTestBed.update(body)).idempotencyKey)
            }
            let log = OutboxSendLog()
            let (began, beganContinuation) = AsyncStream<Void>.makeStream()
            let (gate, gateContinuation) = AsyncStream<Void>.makeStream()
            let gated = OutboxGatedSender(base: OutboxLoggingSender(client: abe, log: log), began: beganContinuation, gate: gate)

            let first = Task { try await outbox.flush(using: gated) }
            for await _ in began { break }
            // The first flush is mid-send. Another, here or in another process, must not send anything.
            let sameStore = try await outbox.flush(using: OutboxLoggingSender(client: abe, log: log))
            let otherStore = try await Outbox(store: try bed.openStore(), server: address, username: "abe")
                .flush(using: OutboxLoggingSender(client: abe, log: log))
            gateContinuation.finish()
            let report = try await first.value

            #expect(sameStore == FlushReport(ending: .alreadyFlushing))
            #expect(otherStore == FlushReport(ending: .alreadyFlushing))
            #expect(report.sent.map(\.idempotencyKey) == keys)
            #expect(log.sentKeys == keys)
            #expect(try await OfflineTestBed.bodies(of: "abe", using: abe) == ["three", "two", "one"])
            // The lock went with the first flush.
            #expect(try await outbox.flush(using: abe) == FlushReport(ending: .emptied))
        }
    }

    @Test func sentItemsAreKeptAsReceiptsForAWeek() async throws {
        let bed = try OfflineTestBed()
        try await bed.live { address in
            let abe = try await OfflineTestBed.signUp("abe", on: address)
            let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
            let outbox = Outbox(store: try bed.openStore(), server: address, username: "abe", now: { clock.withLock { $0 } })
            _ = try await outbox.enqueue(OfflineTestBed.update("sent"))
            _ = try await outbox.flush(using: abe)

            clock.withLock { $0 += Outbox.sentRetention }
            _ = try await outbox.flush(using: abe)
            #expect(try await outbox.items().count == 1)

            clock.withLock { $0 += 0.001 }
            _ = try await outbox.flush(using: abe)
            #expect(try await outbox.items().isEmpty)
        }
    }
}

extension OutboxItem.State {
    /// The entry of a sent item.
    var sentEntry: Entry.ID? {
        if case .sent(let entry, _) = self { entry } else { nil }
    }

    /// When a sent item was sent.
    var sentAt: Date? {
        if case .sent(_, let at) = self { at } else { nil }
    }
}
