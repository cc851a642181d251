import QwinkleStorage

extension PostgresStorage {
    /// The migrations from 18 on, after those of `migrations`' own file (kept apart so that neither file grows past
    /// reading). A migration is never edited once shipped: a change is a new migration.
    static let laterMigrations: [(name: String, sql: String)] = [
        (
            // Each account's newest countable entry's ID beside its time: the head of what its followers see of it,
            // which a home page reads instead of seeking two streams of each account followed (see `StreamPage`).
            // The functions that keep the time keep the ID too, and seek it again only when the entry that was it
            // goes: an entry that comes (new, restored, made countable) moves it only forward, since IDs can commit
            // out of order here, and one that goes while another is newest leaves it, so that a write of the same
            // author committed meanwhile, which the seek's snapshot would not see, is never undone.
            "the newest countable entry's ID kept with the counts",
            """
            ALTER TABLE account_stats ADD COLUMN last_entry_id BIGINT;
            UPDATE account_stats SET last_entry_id = \(AccountStatsSQL.newest(author: "account_stats.account_id", column: "id"));
            CREATE OR REPLACE FUNCTION account_stats_entry() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE account_stats SET entries = entries + 1, last_entry_at = NEW.created_at,
                    last_entry_id = GREATEST(last_entry_id, NEW.id)
                    WHERE account_id = NEW.author_id;
                RETURN NULL;
            END $$;
            CREATE OR REPLACE FUNCTION account_stats_entry_delete() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = OLD.id) THEN
                    UPDATE account_stats SET \(AccountStatsSQL.entryDeleted) WHERE account_id = OLD.author_id;
                END IF;
                RETURN OLD;
            END $$;
            CREATE OR REPLACE FUNCTION account_stats_entry_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = NEW.id) THEN
                    UPDATE account_stats SET entries = entries + CASE WHEN \(AccountStatsSQL.countable("NEW")) THEN 1 ELSE -1 END,
                        last_entry_at = \(AccountStatsSQL.newest(author: "NEW.author_id")),
                        last_entry_id = CASE WHEN \(AccountStatsSQL.countable("NEW")) THEN GREATEST(last_entry_id, NEW.id)
                            WHEN last_entry_id = NEW.id THEN \(AccountStatsSQL.newest(author: "NEW.author_id", column: "id"))
                            ELSE last_entry_id END
                        WHERE account_id = NEW.author_id;
                END IF;
                RETURN NULL;
            END $$;
            CREATE OR REPLACE FUNCTION account_stats_trash() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE account_stats
                    SET entries = entries + CASE WHEN TG_OP = 'INSERT' THEN -1 ELSE 1 END,
                        last_entry_at = \(AccountStatsSQL.newest(author: "account_stats.account_id")),
                        last_entry_id = CASE WHEN TG_OP = 'DELETE' THEN GREATEST(last_entry_id, OLD.entry_id)
                            WHEN last_entry_id = NEW.entry_id THEN \(AccountStatsSQL.newest(author: "account_stats.account_id", column: "id"))
                            ELSE last_entry_id END
                    WHERE account_id = (SELECT author_id FROM entries
                        WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.entry_id ELSE OLD.entry_id END AND \(AccountStatsSQL.countable("entries")));
                RETURN NULL;
            END $$
            """
        ),
    ]
}
