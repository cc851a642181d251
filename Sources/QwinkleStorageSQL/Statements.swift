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

    /// One account by ID.
    public static func account(id: Account.ID) -> SQL {
        "SELECT \(raw: Columns.account) FROM accounts WHERE id = \(id.key)"
    }

    /// One account by its lowercase username.
    public static func account(username: String) -> SQL {
        "SELECT \(raw: Columns.account) FROM accounts WHERE username = \(username)"
    }

    /// The account a session token's hash belongs to, and when the token was last used: every signed-in request asks.
    public static func tokenAccount(hash: String) -> SQL {
        """
        SELECT \(raw: Columns.account), tokens.last_used_at FROM tokens JOIN accounts ON accounts.id = tokens.account_id
        WHERE tokens.token_hash = \(hash) AND tokens.app_id IS NULL
        """
    }

    /// Inserts an account with its username in lowercase, returning its ID.
    public static func insertAccount(_ account: NewAccount) -> SQL {
        """
        INSERT INTO accounts (username, email, password_hash, created_at)
        VALUES (\(account.username.lowercased()), \(account.email), \(account.passwordHash), \(account.createdAt))
        RETURNING id
        """
    }

    /// Inserts a session token's hash, last used as it is made.
    public static func insertToken(hash: String, for account: Account.ID, createdAt: Date, client: String) -> SQL {
        """
        INSERT INTO tokens (token_hash, account_id, created_at, last_used_at, client)
        VALUES (\(hash), \(account.key), \(createdAt), \(createdAt), \(client))
        """
    }
}
