import Foundation
import QwinkleKit

/// An entry write of this server that other servers are yet to be told of. A federating server's writes of its own
/// people's entries keep one, in the write's own transaction (their `announce` argument), so that no write can be
/// committed while what it is to send is only in a server's memory: the deliveries' worker takes it
/// (`FederationStore.takeOutgoingWrites`) and replaces it with the deliveries it makes, in one transaction.
public struct OutgoingWrite: Hashable, Sendable {
    /// What was written.
    public enum Kind: String, Hashable, Sendable {
        /// The entry was posted (or published from the schedule).
        case created
        /// The entry was edited, restored to a revision, or brought back from the trash.
        case updated
        /// The entry was deleted (or removed by a moderator).
        case deleted
    }

    /// Its place in the journal, oldest first.
    public var id: Int64
    /// What was written.
    public var kind: Kind
    /// The entry as it is when the write is taken (in the trash or not): a later edit has it newer.
    public var entry: Entry
    /// For an update, the visibility the entry had before it (`nil` when it was in the trash).
    public var visibilityBefore: Visibility?
    /// When it was written.
    public var writtenAt: Date

    /// Describes a write taken from the journal.
    public init(id: Int64, kind: Kind, entry: Entry, visibilityBefore: Visibility?, writtenAt: Date) {
        self.id = id
        self.kind = kind
        self.entry = entry
        self.visibilityBefore = visibilityBefore
        self.writtenAt = writtenAt
    }
}
