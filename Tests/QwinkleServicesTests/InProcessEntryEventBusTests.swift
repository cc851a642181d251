import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import Testing

/// The in-process event bus behind the live timelines.
@Suite("In-process event bus")
struct InProcessEntryEventBusTests {
    /// An entry that needs no storage.
    static func entry(_ id: Int64, visibility: Visibility = .public) -> Entry {
        Entry(
            id: Entry.ID(integer: id), author: Account.ID(integer: 1), content: EntryContent(kind: .update, body: "entry \(id)", visibility: visibility), createdAt: Date(timeIntervalSince1970: 1_795_000_000)
        )
    }

    /// The author of every entry here.
    static let author = Account(id: Account.ID(integer: 1), username: "abe", createdAt: Date(timeIntervalSince1970: 1_795_000_000))

    /// Every message until the subscription ends.
    static func all(_ messages: AsyncStream<EntrySubscription.Message>) async -> [EntrySubscription.Message] {
        await messages.reduce(into: []) { $0.append($1) }
    }

    @Test("Every subscriber gets every event published after it subscribed, in order")
    func fanOut() async throws {
        let events = InProcessEntryEventBus()
        events.publish(.created(Self.entry(1), author: Self.author))
        let first = events.subscribe(heartbeat: .seconds(60))
        let second = events.subscribe(heartbeat: .seconds(60))
        #expect(events.subscriberCount == 2)
        events.publish(.created(Self.entry(2), author: Self.author))
        events.publish(.deleted(Self.entry(2)))
        first.finish()
        second.finish()
        let expected: [EntrySubscription.Message] = [.event(.created(Self.entry(2), author: Self.author)), .event(.deleted(Self.entry(2)))]
        #expect(await Self.all(first.messages) == expected)
        #expect(await Self.all(second.messages) == expected)
        #expect(events.subscriberCount == 0)
    }

    @Test("A subscription ends and is forgotten when its reader's task is cancelled")
    func cancelledReaderUnsubscribes() async throws {
        let events = InProcessEntryEventBus()
        let subscription = events.subscribe(heartbeat: .seconds(60))
        let reader = Task { await Self.all(subscription.messages) }
        events.publish(.created(Self.entry(1), author: Self.author))
        reader.cancel()
        _ = await reader.value
        #expect(events.subscriberCount == 0)
        events.publish(.created(Self.entry(2), author: Self.author))
    }

    @Test("A subscriber that falls more than its buffer behind keeps the newest and is finished, not grown")
    func boundedBuffer() async throws {
        let events = InProcessEntryEventBus()
        let subscription = events.subscribe(heartbeat: .seconds(60), bufferSize: 2)
        for id in 1...3 { events.publish(.created(Self.entry(Int64(id)), author: Self.author)) }
        #expect(events.subscriberCount == 0, "finished at the overflow")
        #expect(await Self.all(subscription.messages) == [.event(.created(Self.entry(2), author: Self.author)), .event(.created(Self.entry(3), author: Self.author))])
    }

    @Test("A subscriber gets a heartbeat when nothing happens")
    func heartbeat() async throws {
        let events = InProcessEntryEventBus()
        let subscription = events.subscribe(heartbeat: .milliseconds(10))
        var messages = subscription.messages.makeAsyncIterator()
        #expect(await messages.next() == .heartbeat)
        subscription.finish()
        #expect(events.subscriberCount == 0)
    }

}
