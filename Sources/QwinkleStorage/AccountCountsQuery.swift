/// The SQL of `AccountStore.counts(of:)`, the same for every backend: what each counts, and how.
package enum AccountCountsQuery {
    /// The columns after an account's ID: its followers, its follows, its countable entries (those for everyone or
    /// for followers, less those of them in the trash, which is small and counted apart rather than looked up for
    /// every entry), and when the newest of them was posted. Each is one range of an index.
    package static let columns = """
        (SELECT count(*) FROM follows WHERE followee_id = accounts.id),
        (SELECT count(*) FROM follows WHERE follower_id = accounts.id),
        (SELECT count(*) FROM entries WHERE author_id = accounts.id AND visibility IN ('public', 'followers'))
            - (SELECT count(*) FROM trashed_entries JOIN entries ON entries.id = trashed_entries.entry_id
                WHERE entries.author_id = accounts.id AND entries.visibility IN ('public', 'followers')),
        (SELECT created_at FROM entries WHERE author_id = accounts.id AND visibility IN ('public', 'followers')
            AND NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = entries.id) ORDER BY id DESC LIMIT 1)
        """
}
