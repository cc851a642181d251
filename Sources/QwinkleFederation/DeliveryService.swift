import Foundation
import Logging
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import ServiceLifecycle

/// Sends what other servers are to be told: it turns the entry writes kept for them (`OutgoingWrite`, woken by
/// `FederationOutbox`) into deliveries kept in the database's queue, and sends the queue's due deliveries, each
/// signed by its actor.
///
/// The queue is the truth: a delivery leaves it only once the inbox took it (or refused it for good, or two days of
/// retries passed), so a server stopped at any moment loses nothing queued, and one interrupted mid-send sends again
/// after its hold ends (at least once; receivers ignore an activity they have). Every server runs one; the storage
/// gives each due delivery to one of them at a time.
public struct DeliveryService: Service {
    /// How the queue is worked.
    public struct Settings: Sendable {
        /// How long a taken delivery is held before another server (or this one, restarted) may take it. What a
        /// batch has not sent when its hold is nearly over is left for the next taker, so no delivery is sent by two
        /// servers at once. Entry writes being turned into deliveries are held as long.
        public var hold: Duration = .seconds(60)
        /// How long to wait before looking at the queue again when nothing was due.
        public var idle: Duration = .milliseconds(500)
        /// The wait after a first failure; doubled after each, up to `longestWait`.
        public var firstWait: Duration = .seconds(30)
        /// The longest wait between attempts.
        public var longestWait: Duration = .seconds(6 * 60 * 60)
        /// How long a delivery is tried before it is given up.
        public var giveUpAfter: Duration = .seconds(2 * 24 * 60 * 60 + 60 * 60)
        /// How long a server may fail every delivery before it is dead: what is queued for it is dropped unsent,
        /// but for one delivery tried each `probeEvery`, until one gets through.
        public var deadAfter: Duration = .seconds(2 * 24 * 60 * 60)
        /// How often a dead server is tried again.
        public var probeEvery: Duration = .seconds(24 * 60 * 60)
        /// How many deliveries are taken at once.
        public var batch = 64
        /// How many servers are sent to at the same time; each server's deliveries go one after another, in order.
        public var hostsAtOnce = 8
        /// How many of one write's deliveries are queued in one transaction.
        public var queuedAtOnce = 250

        /// The usual settings.
        public init() {}
    }

    let origin: FederationOrigin
    let services: Services
    let outbox: FederationOutbox?
    let fetcher: RemoteFetcher
    let settings: Settings
    let logger: Logger
    /// Where the writes queued and the idle rounds are counted.
    let work: BackgroundWork?

    /// Delivers for the server at `origin`, turning `outbox`'s writes into deliveries, counting its progress in `work`.
    public init(
        origin: FederationOrigin, services: Services, outbox: FederationOutbox?, fetcher: RemoteFetcher, settings: Settings = Settings(),
        work: BackgroundWork? = nil, logger: Logger
    ) {
        self.work = work
        self.origin = origin
        self.services = services
        self.outbox = outbox
        self.fetcher = fetcher
        self.settings = settings
        self.logger = logger
    }

    /// The queue every server of a deployment shares.
    private var queue: DeliveryQueue { services.federation.queue }

    /// Turns the entry writes kept for other servers into deliveries and sends the queue, until the server shuts
    /// down.
    public func run() async throws {
        // One worker takes the writes, so each server queues them in the order they were made; it is woken by the
        // outbox at each write, at the start (for what a stopped server left), and by each idle round of the queue
        // (for what another server holding them left when it stopped).
        let (wakeUps, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        wake.yield()
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                if let outbox {
                    group.addTask {
                        for await _ in outbox.wakeUps { wake.yield() }
                    }
                }
                group.addTask { await queueWrites(wokenBy: wakeUps) }
                group.addTask { await sendQueue { wake.yield() } }
            }
        }
    }

    /// Takes the kept writes each time it is woken, until none is left that nobody holds.
    private func queueWrites(wokenBy wakeUps: AsyncStream<Void>) async {
        let activities = OutgoingActivities(origin: origin, federation: services.federation)
        for await _ in wakeUps {
            if Task.isCancelled { return }
            // Every write published before the wake-up committed its journal row before it: all are taken below.
            let seen = work?.writesPublished.count ?? 0
            await queueWrites(using: activities)
            work?.writesQueued.advance(to: seen)
        }
    }

    /// Turns the writes nobody holds into deliveries, oldest first; at a failure the rest wait (held) for the next
    /// round after their hold, so no write's deliveries are queued before an earlier one's.
    private func queueWrites(using activities: OutgoingActivities) async {
        while !Task.isCancelled {
            let now = services.context.clock.now()
            let writes: [OutgoingWrite]
            do {
                writes = try await queue.takeWrites(limit: settings.batch, at: now, heldUntil: now.addingTimeInterval(settings.hold.seconds))
            } catch {
                if !Task.isCancelled { logger.error("The entry writes waiting for delivery could not be read: \(error)") }
                return
            }
            guard !writes.isEmpty else { return }
            for write in writes {
                do {
                    try await queue(write, using: activities, at: now)
                } catch {
                    logger.error("The entry write \(write.id) could not be queued for delivery to other servers (tried again later): \(error)")
                    return
                }
            }
        }
    }

    /// Queues one write's deliveries and forgets it. A write tried for longer than deliveries are is given up.
    private func queue(_ write: OutgoingWrite, using activities: OutgoingActivities, at now: Date) async throws {
        guard now.timeIntervalSince(write.writtenAt) < settings.giveUpAfter.seconds else {
            logger.notice("The entry write \(write.id) is given up: it could not be queued for delivery since \(write.writtenAt)")
            return try await queue.finishWrite(id: write.id, queueing: [], at: now)
        }
        let deliveries = try await activities.deliveries(for: write)
        // In parts, each its own transaction: the database has one writer, and a post waiting to be written waits for
        // one part of a popular author's fan-out, not for all of it. The last part forgets the write; a worker
        // stopped before it queues the earlier parts again, as activities their receivers already took.
        var start = 0
        while deliveries.count - start > settings.queuedAtOnce {
            try await queue.enqueue(Array(deliveries[start..<start + settings.queuedAtOnce]), at: now)
            start += settings.queuedAtOnce
        }
        try await queue.finishWrite(id: write.id, queueing: Array(deliveries[start...]), at: now)
    }

    /// Takes due deliveries and sends them, again and again; `idle` is called at each round that found none.
    private func sendQueue(idle: () -> Void) async {
        var failing = false
        while !Task.isCancelled {
            let due: [Delivery]
            do {
                let now = services.context.clock.now()
                due = try await queue.takeDue(limit: settings.batch, at: now, heldUntil: now.addingTimeInterval(settings.hold.seconds))
                if failing { logger.info("The delivery queue can be read again.") }
                failing = false
            } catch {
                if Task.isCancelled { return }
                if !failing { logger.error("The delivery queue could not be read (trying again): \(error)") }
                failing = true
                due = []
            }
            if due.isEmpty {
                idle()
                work?.idleDeliveryRounds.advance()
                do { try await Task.sleep(for: settings.idle) } catch { return }
                continue
            }
            // A delivery takes ten seconds at most: none is started when the hold may end before it does (a test's
            // hold of a second or two sends during its first half).
            let window = max(settings.hold.seconds - RemoteFetcher.timeLimit, settings.hold.seconds / 2)
            await send(due, until: Date().addingTimeInterval(window))
        }
    }

    /// Sends a batch: each server's deliveries one after another, a few servers at once, none started after `until`.
    private func send(_ batch: [Delivery], until: Date) async {
        var byHost: [String: [Delivery]] = [:]
        var hosts: [String] = []
        for delivery in batch {
            let host = RemoteHost.of(delivery.delivery.inbox)
            if byHost[host] == nil { hosts.append(host) }
            byHost[host, default: []].append(delivery)
        }
        // One read for the batch: which of its servers have been failing.
        let unreachable: [String: UnreachableHost]
        do {
            unreachable = try await queue.unreachableHosts(among: hosts)
        } catch {
            logger.error("The servers deliveries fail to reach could not be read: \(error)")
            unreachable = [:]
        }
        await withTaskGroup(of: Void.self) { group in
            var next = hosts.makeIterator()
            for _ in 0..<settings.hostsAtOnce {
                guard let host = next.next(), let deliveries = byHost[host] else { break }
                group.addTask { await send(deliveries, to: host, failing: unreachable[host], until: until) }
            }
            while await group.next() != nil {
                guard let host = next.next(), let deliveries = byHost[host] else { continue }
                group.addTask { await send(deliveries, to: host, failing: unreachable[host], until: until) }
            }
        }
    }

    /// Sends one server's deliveries in order, none after `until`: all of them dropped unsent when the server is
    /// dead, and the server's failures forgotten once one gets through.
    private func send(_ deliveries: [Delivery], to host: String, failing: UnreachableHost?, until: Date) async {
        if let failing, failing.isDead(at: services.context.clock.now()) {
            logger.notice("\(deliveries.count) deliveries to \(host) are dropped: it has failed every delivery since \(failing.failingSince)")
            for delivery in deliveries {
                do { try await queue.finish(id: delivery.id) } catch { logger.error("The delivery queue could not be updated: \(error)") }
            }
            return
        }
        var failing = failing
        for delivery in deliveries where Date() < until {
            let outcome = await send(delivery, to: host)
            // A dead server's probe that fails ends the batch's tries: the rest are dropped once their hold ends.
            if outcome == .failed, failing?.nextProbe != nil { break }
            guard outcome == .delivered, failing != nil else { continue }
            failing = nil
            do { try await queue.hostAnswered(host) } catch { logger.error("A server's failures could not be forgotten: \(error)") }
        }
    }

    /// What became of one attempt.
    private enum Outcome {
        case delivered, refused, failed
    }

    /// Sends one delivery, and finishes it or makes it due again.
    private func send(_ queued: Delivery, to host: String) async -> Outcome {
        let delivery = queued.delivery
        do {
            do {
                if try await services.federation.isBlocked(url: delivery.inbox) {
                    throw RemoteFetchFailure.refused("its domain is blocked")
                }
                let key = try await signingKey(of: delivery.signer)
                try await fetcher.deliver(Array(delivery.activity.utf8), to: delivery.inbox, signedBy: key)
                try await queue.finish(id: queued.id)
                return .delivered
            } catch RemoteFetchFailure.refused(let reason) {
                logger.notice("A delivery to \(delivery.inbox) was refused and is given up: \(reason)")
                try await queue.finish(id: queued.id)
                return .refused
            } catch {
                let now = services.context.clock.now()
                try await queue.hostFailed(
                    host, at: now, deadSince: now.addingTimeInterval(-settings.deadAfter.seconds), nextProbe: now.addingTimeInterval(settings.probeEvery.seconds)
                )
                if now.timeIntervalSince(queued.queuedAt) >= settings.giveUpAfter.seconds {
                    logger.notice("A delivery to \(delivery.inbox) failed for two days and is given up: \(error)")
                    try await queue.finish(id: queued.id)
                } else {
                    let wait = min(settings.firstWait.seconds * pow(2, Double(min(queued.failedAttempts, 30))), settings.longestWait.seconds)
                    logger.debug("A delivery to \(delivery.inbox) failed, trying again in \(Int(wait)) s: \(error)")
                    try await queue.retry(id: queued.id, at: now.addingTimeInterval(wait))
                }
                return .failed
            }
        } catch {
            // The queue could not be written: the delivery stays held, and goes again when its hold ends.
            logger.error("The delivery queue could not be updated: \(error)")
            return .failed
        }
    }

    /// The key a delivery is signed with, named by its actor's key ID: an account's from storage, or the one a
    /// deleted account's farewell carries.
    private func signingKey(of signer: DeliverySigner) async throws -> ActorSigningKey {
        switch signer {
        case .account(let id):
            guard let account = try await services.federation.account(id: id) else { throw RemoteFetchFailure.refused("its signer was deleted") }
            let keys = try await services.actorKeys.keys(of: id)
            return try ActorSigningKey(keyID: origin.actorURL(account.username) + "#main-key", privateKeyPEM: keys.privateKeyPEM)
        case .carried(let keyID, let privateKeyPEM):
            return try ActorSigningKey(keyID: keyID, privateKeyPEM: privateKeyPEM)
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
