import Foundation
import Logging
import QwinkleKit
import QwinkleStorage

/// The news of entry writes for servers sharing one database: each server's own events reach its streams at once,
/// as in-process, and go to the other servers over the database's `ServerChannel`, whose streams then show them.
///
/// A notice carries IDs only (`EntryEventNotice`); the hearing server reads the entry back. When the channel says
/// listening resumed after a failure, notices may have been lost, so every open stream is finished: its client
/// reconnects with `Last-Event-ID` and catches up from the database, as after an overflow.
public final class SharedEntryEventBus: EntryEventBus {
    /// The streams of this server.
    private let local: InProcessEntryEventBus
    /// The way to the other servers.
    private let channel: any ServerChannel
    /// Where a heard notice's entry is read back.
    private let storage: any Storage
    /// This server, to ignore its own notices.
    private let origin = UUID().uuidString
    /// Notices waiting to be sent, in the order published.
    private let outbox: AsyncStream<EntryEventNotice>.Continuation
    private let pending: AsyncStream<EntryEventNotice>
    private let logger: Logger

    /// A bus over a channel and the storage its notices are read back from.
    public init(channel: any ServerChannel, storage: any Storage, logger: Logger) {
        local = InProcessEntryEventBus()
        self.channel = channel
        self.storage = storage
        self.logger = logger
        (pending, outbox) = AsyncStream.makeStream()
    }

    /// Tells this server's streams at once, and queues the notice for the others.
    public func publish(_ event: EntryEvent) {
        local.publish(event)
        outbox.yield(EntryEventNotice(event, origin: origin))
    }

    /// Subscribes to every event of every server from now on.
    public func subscribe(heartbeat: Duration, bufferSize: Int) -> EntrySubscription {
        local.subscribe(heartbeat: heartbeat, bufferSize: bufferSize)
    }

    /// How many of this server's live timelines are open.
    public var subscriberCount: Int {
        local.subscriberCount
    }

    /// Sends queued notices and hears the other servers' until the task is cancelled.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.sendNotices() }
            group.addTask {
                await self.channel.listen { signal in await self.hear(signal) }
            }
        }
    }

    /// Sends each queued notice in turn; one that cannot be sent is logged and dropped (the other servers' clients
    /// see that entry on their next read).
    private func sendNotices() async {
        let encoder = JSONEncoder()
        for await notice in pending {
            do {
                try await channel.send(String(decoding: try encoder.encode(notice), as: UTF8.self))
            } catch {
                logger.warning("Telling the other servers of an entry event failed: \(error)")
            }
            if Task.isCancelled { return }
        }
    }

    /// Acts on what the channel says.
    private func hear(_ signal: ChannelSignal) async {
        switch signal {
        case .resumed:
            local.finishAll()
        case .message(let text):
            do {
                let notice = try JSONDecoder().decode(EntryEventNotice.self, from: Data(text.utf8))
                guard notice.origin != origin, let event = try await notice.event(from: storage) else { return }
                local.publish(event)
            } catch {
                logger.warning("A notice from another server could not be used: \(error)")
            }
        }
    }
}
