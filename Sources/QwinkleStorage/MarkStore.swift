import Foundation
import QwinkleKit

/// Marks: a person's star on an entry.
public protocol MarkStore: Sendable {
    /// Marks an entry; doing it again changes nothing. Throws `StorageError.notFound` for an unknown entry or one in
    /// the trash.
    func mark(_ entry: Entry.ID, by account: Account.ID, at date: Date) async throws
    /// Takes a mark away; doing it again changes nothing.
    func unmark(_ entry: Entry.ID, by account: Account.ID) async throws
    /// Which of these entries the account marked, leaving out those in the trash (their marks wait there with them).
    func markedEntries(among entries: Set<Entry.ID>, by account: Account.ID) async throws -> Set<Entry.ID>
    /// The accounts that marked the entry, most recent mark first; the cursor is the mark's own sequence.
    func markers(of entry: Entry.ID, page: PageRequest) async throws -> [Paged<Account>]
}
