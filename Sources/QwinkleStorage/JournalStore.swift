import Foundation
import QwinkleKit

/// Journal sharing: an owner grants readers access to their `journal` entries.
public protocol JournalStore: Sendable {
    /// Shares `owner`'s journal with `reader`; doing it again changes nothing.
    func addJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) async throws
    /// Stops sharing; returns whether `reader` was a reader (and was told so).
    func removeJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) async throws -> Bool
    /// The people `owner` shares the journal with, by username.
    func journalReaders(owner: Account.ID) async throws -> [Account]
}
