import Foundation
import QwinkleKit

/// Pins: the entries a person features at the top of their profile (Mastodon's pinned statuses, ActivityPub's
/// `featured` collection), which everyone who may read them sees there.
public protocol PinStore: Sendable {
    /// Pins an entry to its author's profile, newest pin first; pinning it again changes nothing. Nothing changes
    /// either when the author has `limit` pins already. Throws `StorageError.notFound` for an unknown entry, one in the
    /// trash or one `account` did not write.
    func pin(_ entry: Entry.ID, by account: Account.ID, at date: Date, limit: Int) async throws -> PinOutcome
    /// Takes a pin away; whether there was one to take (doing it again changes nothing).
    func unpin(_ entry: Entry.ID, by account: Account.ID) async throws -> Bool
}

/// What asking for a pin came to.
public enum PinOutcome: Hashable, Sendable {
    /// The entry is pinned now.
    case pinned
    /// It was pinned already: nothing changed.
    case alreadyPinned
    /// The author has as many pins as they may: nothing changed.
    case atLimit
}
