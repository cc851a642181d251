/// The SQL of the counts `AccountStore.counts(of:)` reads, the same for every backend: what each counts, and how it
/// is kept.
///
/// The counts are kept in `account_stats`, a row per account that the database's own triggers change with each write
/// of a follow, an entry, or the trash: reading them is one row per account whatever the account wrote, and no write
/// path of the storage can forget them. (Counted on every read instead, an author's entries were a scan of their
/// range: a Mastodon status carries its author's counts, so posting got slower the more its author had posted.)
package enum AccountStatsSQL {
    /// The entries a profile counts: those for everyone or for followers. (Those in the trash are left out apart.)
    package static func countable(_ entry: String) -> String {
        "(\(entry).visibility IN ('public', 'followers'))"
    }

    /// `account_stats`' columns after its account's ID, in `AccountCounts`' order.
    package static let columns = "account_stats.followers, account_stats.following, account_stats.entries, account_stats.last_entry_at"

    /// When the newest countable entry of `author` out of the trash was posted, leaving out the entry `excluded` (one
    /// being deleted), or NULL: one seek down the author's range of `entries_by_author`. (`column` `id` gives its ID,
    /// the head of the author's shared stream that home timelines read; the default is what migration 16 was written
    /// with, which must not change.)
    package static func newest(author: String, excluding excluded: String? = nil, column: String = "created_at") -> String {
        """
        (SELECT \(column) FROM entries WHERE author_id = \(author) AND \(countable("entries"))
            \(excluded.map { "AND id <> \($0) " } ?? "")AND NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = entries.id)
            ORDER BY id DESC LIMIT 1)
        """
    }

    /// The changes to `account_stats` when a countable entry out of the trash (`OLD`) is deleted: one entry fewer,
    /// and its newest sought again only if it was the one deleted.
    package static let entryDeleted = """
        entries = entries - 1,
        last_entry_at = CASE WHEN last_entry_id = OLD.id
            THEN \(newest(author: "OLD.author_id", excluding: "OLD.id")) ELSE last_entry_at END,
        last_entry_id = CASE WHEN last_entry_id = OLD.id
            THEN \(newest(author: "OLD.author_id", excluding: "OLD.id", column: "id")) ELSE last_entry_id END
        """

    /// The counts recounted from the tables, as columns after an account's ID: what a migration starts
    /// `account_stats` from, and what a test checks it against.
    package static let recounted = """
        (SELECT count(*) FROM follows WHERE followee_id = accounts.id),
        (SELECT count(*) FROM follows WHERE follower_id = accounts.id),
        (SELECT count(*) FROM entries WHERE author_id = accounts.id AND \(countable("entries")))
            - (SELECT count(*) FROM trashed_entries JOIN entries ON entries.id = trashed_entries.entry_id
                WHERE entries.author_id = accounts.id AND \(countable("entries"))),
        \(newest(author: "accounts.id"))
        """
}
