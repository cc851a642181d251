import Foundation
import QwinkleKit
import QwinkleStorage

/// Statements that more than one path runs: an operation of the storage and a backend's bulk loading.
public enum Statements {
    /// Inserts a follow unless it exists; returns a row when it was new.
    public static func insertFollow(_ follower: Account.ID, _ followee: Account.ID, at date: Date) -> SQL {
        """
        INSERT INTO follows (follower_id, followee_id, created_at) VALUES (\(follower.key), \(followee.key), \(date))
        ON CONFLICT DO NOTHING RETURNING 1
        """
    }

    /// Inserts a journal grant unless it exists; returns a row when it was new.
    public static func insertJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) -> SQL {
        """
        INSERT INTO journal_readers (owner_id, reader_id, created_at) VALUES (\(owner.key), \(reader.key), \(date))
        ON CONFLICT DO NOTHING RETURNING 1
        """
    }

    /// Records that `actor` did `kind` to `recipient` (the caller takes the notifications' lock).
    public static func insertNotification(
        to recipient: Account.ID, _ kind: AccountNotification.Kind, by actor: Account.ID, entry: Entry.ID?, conversation: Int64?,
        at date: Date
    ) -> SQL {
        """
        INSERT INTO notifications (recipient_id, kind, actor_id, entry_id, conversation_id, created_at)
        VALUES (\(recipient.key), \(kind.rawValue), \(actor.key), \(entry?.key), \(conversation), \(date))
        """
    }
}
