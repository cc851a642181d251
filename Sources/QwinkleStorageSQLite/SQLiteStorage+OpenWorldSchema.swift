import GRDB
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage {
    /// The migrations from 11 on, registered after those of `migrator`'s own file: what Qwinkle's opening to other
    /// apps and servers added (OAuth apps, actor keys, remote followers, accounts and deliveries, shares) and what
    /// those apps' pages then needed kept by the writes (each account's counts and newest entry). A migration is never
    /// edited once shipped: a change is a new migration.
    static func registerOpenWorldMigrations(in migrator: inout DatabaseMigrator) {
        // Apps signed in through OAuth (the Mastodon client API). A person's token for an app is a row of `tokens`
        // with the app and its scopes, so it ends as every session does; an app's own token has no person and is
        // kept apart. Codes live minutes and are deleted when exchanged. A photo gains the description an app gives it
        // before attaching it.
        migrator.registerMigration("v11: OAuth apps") { db in
            try db.execute(sql: """
                CREATE TABLE oauth_apps (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    client_id TEXT NOT NULL UNIQUE,
                    secret_hash TEXT NOT NULL,
                    name TEXT NOT NULL,
                    website TEXT,
                    redirect_uris TEXT NOT NULL,
                    scopes TEXT NOT NULL,
                    created_at DATETIME NOT NULL
                );
                ALTER TABLE tokens ADD COLUMN app_id INTEGER REFERENCES oauth_apps(id) ON DELETE CASCADE;
                ALTER TABLE tokens ADD COLUMN scopes TEXT;
                ALTER TABLE photos ADD COLUMN description TEXT NOT NULL DEFAULT '';
                CREATE TABLE oauth_codes (
                    code_hash TEXT PRIMARY KEY,
                    app_id INTEGER NOT NULL REFERENCES oauth_apps(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    redirect_uri TEXT NOT NULL,
                    scopes TEXT NOT NULL,
                    code_challenge TEXT,
                    expires_at DATETIME NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE oauth_app_tokens (
                    token_hash TEXT PRIMARY KEY,
                    app_id INTEGER NOT NULL REFERENCES oauth_apps(id) ON DELETE CASCADE,
                    scopes TEXT NOT NULL,
                    created_at DATETIME NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        // Federation: each account's key pair, made when first needed.
        migrator.registerMigration("v12: actor keys") { db in
            try db.execute(sql: """
                CREATE TABLE actor_keys (
                    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                    public_key_pem TEXT NOT NULL,
                    private_key_pem TEXT NOT NULL
                );
                """)
        }
        // Federation: remote followers, the delivery queue, activities taken, blocked domains, and the server's own actor's keys.
        migrator.registerMigration("v13: remote followers and deliveries") { db in
            try db.execute(sql: """
                CREATE TABLE remote_followers (
                    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    actor_url TEXT NOT NULL,
                    host TEXT NOT NULL,
                    inbox TEXT NOT NULL,
                    shared_inbox TEXT,
                    follow_activity TEXT NOT NULL,
                    created_at DATETIME NOT NULL,
                    PRIMARY KEY (account_id, actor_url)
                ) WITHOUT ROWID;
                CREATE TABLE deliveries (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    inbox TEXT NOT NULL,
                    host TEXT NOT NULL,
                    signer_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    activity TEXT NOT NULL,
                    failed_attempts INTEGER NOT NULL DEFAULT 0,
                    due_at DATETIME NOT NULL,
                    held_until DATETIME,
                    queued_at DATETIME NOT NULL
                );
                CREATE INDEX deliveries_due ON deliveries (due_at, id);
                CREATE TABLE received_activities (
                    activity_id TEXT PRIMARY KEY,
                    received_at DATETIME NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX remote_followers_host ON remote_followers (host);
                CREATE INDEX deliveries_host ON deliveries (host);
                CREATE TABLE blocked_domains (
                    domain TEXT PRIMARY KEY,
                    blocked_at DATETIME NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE server_keys (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    public_key_pem TEXT NOT NULL,
                    private_key_pem TEXT NOT NULL
                );
                """)
        }
        // Federation: people of other servers kept as accounts (their handle as username), their notes as entries, and
        // the servers deliveries keep failing to reach.
        migrator.registerMigration("v14: remote accounts and entries") { db in
            try db.execute(sql: """
                CREATE TABLE remote_accounts (
                    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                    actor_url TEXT NOT NULL UNIQUE,
                    host TEXT NOT NULL,
                    inbox TEXT NOT NULL,
                    shared_inbox TEXT,
                    profile_url TEXT,
                    fetched_at DATETIME NOT NULL
                );
                CREATE INDEX remote_accounts_host ON remote_accounts (host);
                CREATE TABLE remote_entries (
                    entry_id INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
                    object_id TEXT NOT NULL UNIQUE
                );
                CREATE TABLE unreachable_hosts (
                    host TEXT PRIMARY KEY,
                    failing_since DATETIME NOT NULL,
                    next_probe_at DATETIME
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v15: shares, and deliveries signed by a deleted account's key") { db in
            // A share's ID is drawn from the entries' sequence (see `ShareStore`), so it has no sequence of its own.
            // A delivery is signed by an account, or carries the key of one deleted since (`DeliverySigner`):
            // SQLite changes no column's constraints in place, so the queue is copied into a new table.
            try db.execute(sql: """
                CREATE TABLE deliveries_v15 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    inbox TEXT NOT NULL,
                    host TEXT NOT NULL,
                    signer_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
                    signer_key_id TEXT,
                    signer_key_pem TEXT,
                    activity TEXT NOT NULL,
                    failed_attempts INTEGER NOT NULL DEFAULT 0,
                    due_at DATETIME NOT NULL,
                    held_until DATETIME,
                    queued_at DATETIME NOT NULL,
                    CHECK ((signer_id IS NULL) = (signer_key_id IS NOT NULL AND signer_key_pem IS NOT NULL))
                );
                INSERT INTO deliveries_v15 (id, inbox, host, signer_id, activity, failed_attempts, due_at, held_until, queued_at)
                    SELECT id, inbox, host, signer_id, activity, failed_attempts, due_at, held_until, queued_at FROM deliveries;
                DROP TABLE deliveries;
                ALTER TABLE deliveries_v15 RENAME TO deliveries;
                CREATE INDEX deliveries_due ON deliveries (due_at, id);
                CREATE INDEX deliveries_host ON deliveries (host);
                """)
            try db.execute(sql: """
                CREATE TABLE shares (
                    id INTEGER PRIMARY KEY,
                    sharer_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
                    activity_id TEXT NOT NULL UNIQUE,
                    created_at DATETIME NOT NULL,
                    UNIQUE (sharer_id, entry_id)
                );
                CREATE INDEX shares_by_sharer ON shares (sharer_id, id);
                CREATE INDEX shares_by_entry ON shares (entry_id);
                """)
        }
        // Each account's counts, kept by triggers on the writes that change them (see `AccountStatsSQL`). An entry's
        // own trigger runs before it is deleted, while its place in the trash can still be seen; the trash's runs
        // after a row leaves it, and counts a restore only while the entry is still there.
        migrator.registerMigration("v16: account counts kept by the writes") { db in
            let countable = AccountStatsSQL.countable
            let trashed = { (entry: String) in "EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = \(entry))" }
            let newest = { (author: String) in AccountStatsSQL.newest(author: author) }
            try db.execute(sql: """
                CREATE TABLE account_stats (
                    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                    followers INTEGER NOT NULL DEFAULT 0,
                    following INTEGER NOT NULL DEFAULT 0,
                    entries INTEGER NOT NULL DEFAULT 0,
                    last_entry_at DATETIME
                );
                INSERT INTO account_stats (account_id, followers, following, entries, last_entry_at)
                    SELECT accounts.id, \(AccountStatsSQL.recounted) FROM accounts;
                CREATE TRIGGER account_stats_account AFTER INSERT ON accounts BEGIN
                    INSERT INTO account_stats (account_id) VALUES (NEW.id);
                END;
                CREATE TRIGGER account_stats_follow AFTER INSERT ON follows BEGIN
                    UPDATE account_stats SET followers = followers + 1 WHERE account_id = NEW.followee_id;
                    UPDATE account_stats SET following = following + 1 WHERE account_id = NEW.follower_id;
                END;
                CREATE TRIGGER account_stats_unfollow AFTER DELETE ON follows BEGIN
                    UPDATE account_stats SET followers = followers - 1 WHERE account_id = OLD.followee_id;
                    UPDATE account_stats SET following = following - 1 WHERE account_id = OLD.follower_id;
                END;
                CREATE TRIGGER account_stats_entry AFTER INSERT ON entries WHEN \(countable("NEW")) BEGIN
                    UPDATE account_stats SET entries = entries + 1, last_entry_at = NEW.created_at
                        WHERE account_id = NEW.author_id;
                END;
                CREATE TRIGGER account_stats_entry_delete BEFORE DELETE ON entries
                    WHEN \(countable("OLD")) AND NOT \(trashed("OLD.id")) BEGIN
                    UPDATE account_stats SET entries = entries - 1,
                        last_entry_at = CASE WHEN last_entry_at = OLD.created_at
                            THEN \(AccountStatsSQL.newest(author: "OLD.author_id", excluding: "OLD.id")) ELSE last_entry_at END
                        WHERE account_id = OLD.author_id;
                END;
                CREATE TRIGGER account_stats_entry_visibility AFTER UPDATE OF visibility ON entries
                    WHEN \(countable("OLD")) <> \(countable("NEW")) AND NOT \(trashed("NEW.id")) BEGIN
                    UPDATE account_stats SET entries = entries + CASE WHEN \(countable("NEW")) THEN 1 ELSE -1 END,
                        last_entry_at = \(newest("NEW.author_id"))
                        WHERE account_id = NEW.author_id;
                END;
                CREATE TRIGGER account_stats_trash AFTER INSERT ON trashed_entries BEGIN
                    UPDATE account_stats SET entries = entries - 1, last_entry_at = \(newest("account_stats.account_id"))
                        WHERE account_id = (SELECT author_id FROM entries WHERE id = NEW.entry_id AND \(countable("entries")));
                END;
                CREATE TRIGGER account_stats_restore AFTER DELETE ON trashed_entries BEGIN
                    UPDATE account_stats SET entries = entries + 1, last_entry_at = \(newest("account_stats.account_id"))
                        WHERE account_id = (SELECT author_id FROM entries WHERE id = OLD.entry_id AND \(countable("entries")));
                END;
                """)
        }
        // A delivery names its activity in a table of its own instead of holding a copy: each insert of deliveries
        // stores an activity once for all of them. An activity goes when its last delivery does.
        migrator.registerMigration("v17: an activity kept once for all its deliveries") { db in
            try db.execute(sql: """
                CREATE TABLE delivery_activities (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    activity TEXT NOT NULL
                );
                INSERT INTO delivery_activities (id, activity) SELECT id, activity FROM deliveries;
                CREATE TABLE deliveries_v17 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    inbox TEXT NOT NULL,
                    host TEXT NOT NULL,
                    signer_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
                    signer_key_id TEXT,
                    signer_key_pem TEXT,
                    activity_id INTEGER NOT NULL REFERENCES delivery_activities(id),
                    failed_attempts INTEGER NOT NULL DEFAULT 0,
                    due_at DATETIME NOT NULL,
                    held_until DATETIME,
                    queued_at DATETIME NOT NULL,
                    CHECK ((signer_id IS NULL) = (signer_key_id IS NOT NULL AND signer_key_pem IS NOT NULL))
                );
                INSERT INTO deliveries_v17 (
                    id, inbox, host, signer_id, signer_key_id, signer_key_pem, activity_id, failed_attempts, due_at, held_until, queued_at
                )
                    SELECT id, inbox, host, signer_id, signer_key_id, signer_key_pem, id, failed_attempts, due_at, held_until, queued_at
                    FROM deliveries;
                DROP TABLE deliveries;
                ALTER TABLE deliveries_v17 RENAME TO deliveries;
                CREATE INDEX deliveries_due ON deliveries (due_at, id);
                CREATE INDEX deliveries_host ON deliveries (host);
                CREATE INDEX deliveries_by_activity ON deliveries (activity_id);
                CREATE TRIGGER delivery_activities_unused AFTER DELETE ON deliveries
                    WHEN NOT EXISTS (SELECT 1 FROM deliveries WHERE activity_id = OLD.activity_id) BEGIN
                    DELETE FROM delivery_activities WHERE id = OLD.activity_id;
                END;
                """)
        }
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
        // OAuth: a code is kept once exchanged, with the hash of the token it gave, so that a second exchange of it
        // (an intercepted code replayed) revokes that token (RFC 6749 §10.5).
        migrator.registerMigration("v19: a used authorization code remembers its token") { db in
            try db.execute(sql: "ALTER TABLE oauth_codes ADD COLUMN token_hash TEXT")
        }
        // A follower on another server is a follower: the count every profile shows (both APIs' `followers_count`)
        // and ActivityPub's `followers` collection count the remote ones too, kept by the writes as the local ones are.
        migrator.registerMigration("v20: remote followers counted with the local ones") { db in
            try db.execute(sql: """
                UPDATE account_stats SET followers = followers
                    + (SELECT count(*) FROM remote_followers WHERE remote_followers.account_id = account_stats.account_id);
                CREATE TRIGGER account_stats_remote_follow AFTER INSERT ON remote_followers BEGIN
                    UPDATE account_stats SET followers = followers + 1 WHERE account_id = NEW.account_id;
                END;
                CREATE TRIGGER account_stats_remote_unfollow AFTER DELETE ON remote_followers BEGIN
                    UPDATE account_stats SET followers = followers - 1 WHERE account_id = OLD.account_id;
                END;
                """)
        }
    }
}
