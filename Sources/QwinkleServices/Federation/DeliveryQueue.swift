import Foundation
import QwinkleKit
import QwinkleStorage

/// The queue of what this server sends to others, and what it knows of the servers that stopped answering, as the
/// delivery worker uses them. Kept in the storage so that every server of a deployment shares one queue.
public struct DeliveryQueue: Sendable {
    let context: ServiceContext

    /// The queue kept in `context`'s storage.
    public init(context: ServiceContext) {
        self.context = context
    }

    /// Puts deliveries in the queue, due at once.
    public func enqueue(_ deliveries: [NewDelivery], at date: Date) async throws {
        try await context.storage.enqueueDeliveries(deliveries, at: date)
    }

    /// Up to `limit` entry writes waiting to be turned into deliveries, oldest first, each held (from every other
    /// server's worker) until `heldUntil`.
    public func takeWrites(limit: Int, at now: Date, heldUntil: Date) async throws -> [OutgoingWrite] {
        try await context.storage.takeOutgoingWrites(limit: limit, at: now, heldUntil: heldUntil)
    }

    /// Queues the deliveries an entry write made, and forgets the write, in one transaction.
    public func finishWrite(id: Int64, queueing deliveries: [NewDelivery], at date: Date) async throws {
        try await context.storage.finishOutgoingWrite(id: id, queueing: deliveries, at: date)
    }

    /// Up to `limit` deliveries due at `now`, each held (from every other server's worker) until `heldUntil`.
    public func takeDue(limit: Int, at now: Date, heldUntil: Date) async throws -> [Delivery] {
        try await context.storage.takeDueDeliveries(limit: limit, at: now, heldUntil: heldUntil)
    }

    /// A delivery done with, sent or given up.
    public func finish(id: Int64) async throws {
        try await context.storage.finishDelivery(id: id)
    }

    /// A delivery to try again at `date`.
    public func retry(id: Int64, at date: Date) async throws {
        try await context.storage.retryDelivery(id: id, at: date)
    }

    /// What is known of those of `hosts` that stopped answering.
    public func unreachableHosts(among hosts: [String]) async throws -> [String: UnreachableHost] {
        try await context.storage.unreachableHosts(among: hosts)
    }

    /// A server that failed to answer: dead since `deadSince` if it was not already, next tried at `nextProbe`.
    public func hostFailed(_ host: String, at date: Date, deadSince: Date, nextProbe: Date) async throws {
        try await context.storage.hostFailed(host, at: date, deadSince: deadSince, nextProbe: nextProbe)
    }

    /// A server that answered: its failures are forgotten.
    public func hostAnswered(_ host: String) async throws {
        try await context.storage.hostAnswered(host)
    }
}
