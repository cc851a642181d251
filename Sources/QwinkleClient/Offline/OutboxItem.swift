import Foundation
import QwinkleKit

/// An entry written while offline, waiting in the outbox or done with it.
public struct OutboxItem: Hashable, Sendable, Identifiable {
    /// The identifier of an outbox item.
    public typealias ID = Identifier<OutboxItem>

    /// The item's identifier; items are sent in the order of their identifiers.
    public var id: ID
    /// The entry to post.
    public var content: EntryContent
    /// The entry it replies to, or `nil` for an entry of its own.
    public var replyingTo: Entry.ID?
    /// Whether a reply may be read more widely than its parent (the server refuses a wider reply without it).
    public var wider: Bool
    /// The key sent with every attempt, made when the item was queued, so the server creates the entry once.
    public var idempotencyKey: String
    /// When the item was queued.
    public var queuedAt: Date
    /// Where the item stands.
    public var state: State

    /// Describes an item.
    public init(
        id: ID, content: EntryContent, replyingTo: Entry.ID? = nil, wider: Bool = false, idempotencyKey: String, queuedAt: Date, state: State
    ) {
        self.id = id
        self.content = content
        self.replyingTo = replyingTo
        self.wider = wider
        self.idempotencyKey = idempotencyKey
        self.queuedAt = queuedAt
        self.state = state
    }

    /// Where an item stands: waiting, or done one way or the other.
    public enum State: Hashable, Sendable {
        /// Waiting to be sent (again, if an earlier attempt's answer was lost: the same key makes that safe).
        case pending
        /// The server made the entry `entry` at `at`.
        case sent(entry: Entry.ID, at: Date)
        /// The server refused the entry; it is kept for the person to see and is not sent again.
        case failed(OutboxFailure)
    }
}

/// The server's refusal of an outbox item.
public struct OutboxFailure: Hashable, Sendable {
    /// The HTTP status, such as 422.
    public var status: Int
    /// The server's error code, such as `validation_failed`.
    public var code: String
    /// The server's message, with the fields at fault, for a person to read.
    public var message: String
    /// When the refusal came.
    public var at: Date

    /// Describes a refusal.
    public init(status: Int, code: String, message: String, at: Date) {
        self.status = status
        self.code = code
        self.message = message
        self.at = at
    }
}
