import GRDB
import QwinkleStorage

extension SQLiteStorage {
    /// The migrations from 18 on, registered after those of `migrator`'s own file (kept apart so that neither file
    /// grows past reading). A migration is never edited once shipped: a change is a new migration.
    static func registerLaterMigrations(in migrator: inout DatabaseMigrator) {
        // Each account's newest countable entry's ID beside its time: the head of what its followers see of it, which
        // a home page reads instead of seeking two streams of each account followed (see `AuthorStreams`), and an
        // index of that stream (its visibility in it, so that a walk reads no row) for the page's runs below it. The
        // triggers that keep the time keep the ID too, and seek it again only when the entry that was it goes: an
        // entry that comes (new, restored, made countable) moves it only forward, as on PostgreSQL, whose IDs can
        // commit out of order.
        migrator.registerMigration("v18: the newest countable entry's ID kept with the counts") { db in
            let countable = AccountStatsSQL.countable
            let trashed = { (entry: String) in "EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = \(entry))" }
            let newest = { (author: String, column: String) in AccountStatsSQL.newest(author: author, column: column) }
            try db.execute(sql: """
                CREATE INDEX entries_shared_by_author ON entries(author_id, id, visibility) WHERE visibility IN ('public', 'followers');
                ALTER TABLE account_stats ADD COLUMN last_entry_id INTEGER;
                UPDATE account_stats SET last_entry_id = \(newest("account_stats.account_id", "id"));
                DROP TRIGGER account_stats_entry;
                DROP TRIGGER account_stats_entry_delete;
                DROP TRIGGER account_stats_entry_visibility;
                DROP TRIGGER account_stats_trash;
                DROP TRIGGER account_stats_restore;
                CREATE TRIGGER account_stats_entry AFTER INSERT ON entries WHEN \(countable("NEW")) BEGIN
                    UPDATE account_stats SET entries = entries + 1, last_entry_at = NEW.created_at,
                        last_entry_id = max(coalesce(last_entry_id, 0), NEW.id)
                        WHERE account_id = NEW.author_id;
                END;
                CREATE TRIGGER account_stats_entry_delete BEFORE DELETE ON entries
                    WHEN \(countable("OLD")) AND NOT \(trashed("OLD.id")) BEGIN
                    UPDATE account_stats SET \(AccountStatsSQL.entryDeleted) WHERE account_id = OLD.author_id;
                END;
                CREATE TRIGGER account_stats_entry_visibility AFTER UPDATE OF visibility ON entries
                    WHEN \(countable("OLD")) <> \(countable("NEW")) AND NOT \(trashed("NEW.id")) BEGIN
                    UPDATE account_stats SET entries = entries + CASE WHEN \(countable("NEW")) THEN 1 ELSE -1 END,
                        last_entry_at = \(newest("NEW.author_id", "created_at")),
                        last_entry_id = CASE WHEN \(countable("NEW")) THEN max(coalesce(last_entry_id, 0), NEW.id)
                            WHEN last_entry_id = NEW.id THEN \(newest("NEW.author_id", "id")) ELSE last_entry_id END
                        WHERE account_id = NEW.author_id;
                END;
                CREATE TRIGGER account_stats_trash AFTER INSERT ON trashed_entries BEGIN
                    UPDATE account_stats SET entries = entries - 1, last_entry_at = \(newest("account_stats.account_id", "created_at")),
                        last_entry_id = CASE WHEN last_entry_id = NEW.entry_id THEN \(newest("account_stats.account_id", "id")) ELSE last_entry_id END
                        WHERE account_id = (SELECT author_id FROM entries WHERE id = NEW.entry_id AND \(countable("entries")));
                END;
                CREATE TRIGGER account_stats_restore AFTER DELETE ON trashed_entries BEGIN
                    UPDATE account_stats SET entries = entries + 1, last_entry_at = \(newest("account_stats.account_id", "created_at")),
                        last_entry_id = max(coalesce(last_entry_id, 0), OLD.entry_id)
                        WHERE account_id = (SELECT author_id FROM entries WHERE id = OLD.entry_id AND \(countable("entries")));
                END;
                """)
        }
    }
}
