import Foundation
import OpenAPIRuntime
import QwinkleKit
import QwinkleStorage
import Testing

@testable import QwinkleServer

/// The broadcaster behind the event streams, and the frames the streams write.
@Suite("Entry events")
struct EntryEventsTests {
    /// An entry that needs no storage.
    static func entry(_ id: Int64, visibility: Visibility = .public) -> Entry {
        Entry(
            id: Entry.ID(integer: id), author: Account.ID(integer: 1), kind: .update, body: "entry \(id)",
            visibility: visibility, createdAt: Date(timeIntervalSince1970: 1_795_000_000)
        )
    }

    /// Every message until the subscription ends.
    static func all(_ messages: AsyncStream<EntrySubscription.Message>) async -> [EntrySubscription.Message] {
        await messages.reduce(into: []) { $0.append($1) }
    }

    @Test("Every subscriber gets every event published after it subscribed, in order")
    func fanOut() async throws {
        let events = EntryEvents()
        events.publish(.created(Self.entry(1)))
        let first = events.subscribe(heartbeat: .seconds(60))
        let second = events.subscribe(heartbeat: .seconds(60))
        #expect(events.subscriberCount == 2)
        events.publish(.created(Self.entry(2)))
        events.publish(.deleted(Self.entry(2)))
        first.finish()
        second.finish()
        let expected: [EntrySubscription.Message] = [.event(.created(Self.entry(2))), .event(.deleted(Self.entry(2)))]
        #expect(await Self.all(first.messages) == expected)
        #expect(await Self.all(second.messages) == expected)
        #expect(events.subscriberCount == 0)
    }

    @Test("A subscription ends and is forgotten when its reader's task is cancelled")
    func cancelledReaderUnsubscribes() async throws {
        let events = EntryEvents()
        let subscription = events.subscribe(heartbeat: .seconds(60))
        let reader = Task { await Self.all(subscription.messages) }
        events.publish(.created(Self.entry(1)))
        reader.cancel()
        _ = await reader.value
        #expect(events.subscriberCount == 0)
        events.publish(.created(Self.entry(2)))
    }

    @Test("A subscriber that falls more than its buffer behind keeps the newest and is finished, not grown")
    func boundedBuffer() async throws {
        let events = EntryEvents()
        let subscription = events.subscribe(heartbeat: .seconds(60), bufferSize: 2)
        for id in 1...3 { events.publish(.created(Self.entry(Int64(id)))) }
        #expect(events.subscriberCount == 0, "finished at the overflow")
        #expect(await Self.all(subscription.messages) == [.event(.created(Self.entry(2))), .event(.created(Self.entry(3)))])
    }

    @Test("A subscriber gets a heartbeat when nothing happens")
    func heartbeat() async throws {
        let events = EntryEvents()
        let subscription = events.subscribe(heartbeat: .milliseconds(10))
        var messages = subscription.messages.makeAsyncIterator()
        #expect(await messages.next() == .heartbeat)
        subscription.finish()
        #expect(events.subscriberCount == 0)
    }

    @Test("Frames: an event's fields on their own lines, data split at every line break, comments start with a colon")
    func frames() {
        let event = EventStreamFrame.event(ServerSentEvent(id: "12\n", event: "entry", data: "{\"a\": 1}\nsecond\r\nthird"))
        #expect(String(decoding: event.bytes, as: UTF8.self) == "id: 12\nevent: entry\ndata: {\"a\": 1}\ndata: second\ndata: third\n\n")
        #expect(String(decoding: EventStreamFrame.comment("keep-alive").bytes, as: UTF8.self) == ": keep-alive\n\n")
    }
}
