import Foundation
import QwinkleKit

/// Edits of entries: every revision is kept as an immutable whole value.
public protocol RevisionStore: Sendable {
    /// Stores `entry` as the new current value, and as its revision, if the stored entry is still at
    /// `expectedRevision`; returns `false`, changing nothing, when another edit got there first (or the entry is in
    /// the trash). This is what makes exactly one of many concurrent edits from the same base win. Those in `notify`
    /// (newly mentioned) are told in the same transaction, only if the edit is stored. Tags follow the new text. With
    /// `announce`, a stored edit keeps an `OutgoingWrite` (with the visibility before it) in its transaction.
    func updateEntry(_ entry: Entry, expectedRevision: Int, notify: [Account.ID: AccountNotification.Kind], announce: Bool) async throws -> Bool
    /// Every revision of an entry, oldest first, each a whole value; empty for an unknown entry or one in the trash.
    func revisions(of entry: Entry.ID) async throws -> [Entry]
}

extension RevisionStore {
    /// Applies an edit that tells nobody and no other server (see `updateEntry(_:expectedRevision:notify:announce:)`).
    public func updateEntry(_ entry: Entry, expectedRevision: Int) async throws -> Bool {
        try await updateEntry(entry, expectedRevision: expectedRevision, notify: [:], announce: false)
    }
}
