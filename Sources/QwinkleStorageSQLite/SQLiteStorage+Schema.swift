import GRDB
import QwinkleStorage

extension SQLiteStorage {
    /// The schema's migrations. A migration is never edited once shipped: a change is a new migration.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: accounts, entries, follows, journals, photos, marks, messages") { db in
            try db.execute(sql: """
                CREATE TABLE accounts (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    username TEXT NOT NULL UNIQUE CHECK (username = lower(username)),
                    email TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    display_name TEXT NOT NULL DEFAULT '',
                    bio TEXT NOT NULL DEFAULT '',
                    avatar_photo_id INTEGER REFERENCES photos(id),
                    favorite_creature TEXT,
                    created_at DATETIME NOT NULL
                );
                CREATE TABLE tokens (
                    token_hash TEXT PRIMARY KEY,
                    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    created_at DATETIME NOT NULL
                );
                CREATE INDEX tokens_by_account ON tokens(account_id);
                CREATE TABLE follows (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    follower_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    followee_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    created_at DATETIME NOT NULL,
                    UNIQUE (follower_id, followee_id),
                    CHECK (follower_id <> followee_id)
                );
                CREATE INDEX follows_by_followee ON follows(followee_id, id);
                CREATE INDEX follows_by_follower ON follows(follower_id, id);
                CREATE TABLE journal_readers (
                    owner_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    reader_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    created_at DATETIME NOT NULL,
                    PRIMARY KEY (owner_id, reader_id),
                    CHECK (owner_id <> reader_id)
                );
                CREATE INDEX journal_readers_by_reader ON journal_readers(reader_id);
                CREATE TABLE photos (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    uploader_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
                    content_type TEXT NOT NULL,
                    byte_size INTEGER NOT NULL CHECK (byte_size > 0),
                    created_at DATETIME NOT NULL
                );
                CREATE INDEX photos_by_hash ON photos(sha256);
                CREATE TABLE entries (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    author_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('update', 'journal', 'dream')),
                    body TEXT NOT NULL,
                    visibility TEXT NOT NULL CHECK (visibility IN ('public', 'followers', 'journal', 'private')),
                    revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1),
                    created_at DATETIME NOT NULL,
                    edited_at DATETIME,
                    dream_creature TEXT,
                    dream_effects TEXT,
                    dream_count INTEGER CHECK (dream_count BETWEEN 1 AND 10),
                    CHECK ((kind = 'dream') = (dream_creature IS NOT NULL AND dream_effects IS NOT NULL AND dream_count IS NOT NULL))
                );
                CREATE INDEX entries_by_author ON entries(author_id, id);
                CREATE INDEX entries_by_visibility ON entries(visibility, id);
                CREATE TABLE entry_photos (
                    entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 3),
                    photo_id INTEGER NOT NULL REFERENCES photos(id),
                    alt TEXT NOT NULL DEFAULT '',
                    PRIMARY KEY (entry_id, position)
                );
                CREATE INDEX entry_photos_by_photo ON entry_photos(photo_id);
                CREATE TABLE entry_revisions (
                    entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    value TEXT NOT NULL,
                    created_at DATETIME NOT NULL,
                    PRIMARY KEY (entry_id, revision)
                );
                CREATE TABLE marks (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
                    created_at DATETIME NOT NULL,
                    UNIQUE (account_id, entry_id)
                );
                CREATE INDEX marks_by_account ON marks(account_id, id);
                CREATE INDEX marks_by_entry ON marks(entry_id);
                CREATE TABLE idempotency_keys (
                    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    key TEXT NOT NULL,
                    entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
                    created_at DATETIME NOT NULL,
                    PRIMARY KEY (account_id, key)
                );
                CREATE INDEX idempotency_keys_by_entry ON idempotency_keys(entry_id);
                CREATE TABLE conversations (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    participants_key TEXT NOT NULL UNIQUE,
                    created_at DATETIME NOT NULL,
                    last_message_at DATETIME NOT NULL
                );
                CREATE TABLE conversation_participants (
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    PRIMARY KEY (conversation_id, account_id)
                );
                CREATE INDEX conversation_participants_by_account ON conversation_participants(account_id);
                CREATE TABLE messages (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    sender_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    body TEXT NOT NULL,
                    created_at DATETIME NOT NULL
                );
                CREATE INDEX messages_by_conversation ON messages(conversation_id, id);
                CREATE TABLE message_photos (
                    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    photo_id INTEGER NOT NULL REFERENCES photos(id),
                    PRIMARY KEY (message_id, position)
                );
                CREATE INDEX message_photos_by_photo ON message_photos(photo_id);
                """)
        }
        // The trash is a table of its own rather than a column of entries, so that it has its own sequence (the
        // cursor of its newest-deleted-first pages, never reused) and holds an entry at most once.
        migrator.registerMigration("v2: the trash") { db in
            try db.execute(sql: """
                CREATE TABLE trashed_entries (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    entry_id INTEGER NOT NULL UNIQUE REFERENCES entries(id) ON DELETE CASCADE,
                    deleted_at DATETIME NOT NULL
                );
                CREATE INDEX trashed_entries_by_date ON trashed_entries(deleted_at);
                """)
        }
        // Home and journal pages read the newest entries of each author's visibilities one at a time (see
        // `AuthorStreams`): each is a seek in this index, whatever else the author wrote.
        migrator.registerMigration("v3: entries by author and visibility") { db in
            try db.execute(sql: "CREATE INDEX entries_by_author_visibility ON entries(author_id, visibility, id)")
        }
        // Sessions get an ID of their own to be listed and ended by (a token's hash is no name to show), the client
        // that asked for them and when they were last used. A deleted account's messages stay in the conversations
        // they were sent to, without a sender. SQLite changes a key or a foreign key only by copying the table.
        migrator.registerMigration("v4: sessions to list, and messages that outlive their sender") { db in
            try db.execute(sql: """
                CREATE TABLE new_tokens (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    token_hash TEXT NOT NULL UNIQUE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    created_at DATETIME NOT NULL,
                    last_used_at DATETIME NOT NULL,
                    client TEXT NOT NULL DEFAULT ''
                );
                INSERT INTO new_tokens (token_hash, account_id, created_at, last_used_at)
                    SELECT token_hash, account_id, created_at, created_at FROM tokens ORDER BY created_at;
                DROP TABLE tokens;
                ALTER TABLE new_tokens RENAME TO tokens;
                CREATE INDEX tokens_by_account ON tokens(account_id);
                CREATE TABLE new_messages (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    sender_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
                    body TEXT NOT NULL,
                    created_at DATETIME NOT NULL
                );
                INSERT INTO new_messages (id, conversation_id, sender_id, body, created_at)
                    SELECT id, conversation_id, sender_id, body, created_at FROM messages;
                DROP TABLE messages;
                ALTER TABLE new_messages RENAME TO messages;
                CREATE INDEX messages_by_conversation ON messages(conversation_id, id);
                """)
        }
        // Search reads an FTS5 index of entries' text that the schema keeps in step with the entries by triggers, so
        // no write path can forget it: an insert adds an entry's words, an edit (or a revision restored) replaces
        // them, and a row deleted for good (the trash purged, an account deleted) takes them away. An entry in the
        // trash keeps its words, and every read leaves the trash out, as it does for lists. Words are split as
        // `SearchTokenizer` splits them, without folding accents, as PostgreSQL's `simple` configuration does.
        migrator.registerMigration("v5: full-text search of entries") { db in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE entries_search USING fts5(
                    body, content = 'entries', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0'
                );
                INSERT INTO entries_search (entries_search) VALUES ('rebuild');
                CREATE TRIGGER entries_search_insert AFTER INSERT ON entries BEGIN
                    INSERT INTO entries_search (rowid, body) VALUES (new.id, new.body);
                END;
                CREATE TRIGGER entries_search_delete AFTER DELETE ON entries BEGIN
                    INSERT INTO entries_search (entries_search, rowid, body) VALUES ('delete', old.id, old.body);
                END;
                CREATE TRIGGER entries_search_update AFTER UPDATE OF body ON entries BEGIN
                    INSERT INTO entries_search (entries_search, rowid, body) VALUES ('delete', old.id, old.body);
                    INSERT INTO entries_search (rowid, body) VALUES (new.id, new.body);
                END;
                """)
        }
        // Notifications are recorded by the writes that cause them, in their transaction; each goes when its actor,
        // entry or conversation is deleted for good, so nothing names what is gone. How far an account has read is
        // one number per account.
        migrator.registerMigration("v6: notifications") { db in
            try db.execute(sql: """
                CREATE TABLE notifications (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    recipient_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('followed', 'journal_shared', 'journal_unshared', 'message', 'marked', 'edit_refused')),
                    actor_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    entry_id INTEGER REFERENCES entries(id) ON DELETE CASCADE,
                    conversation_id INTEGER REFERENCES conversations(id) ON DELETE CASCADE,
                    base_revision INTEGER,
                    current_revision INTEGER,
                    created_at DATETIME NOT NULL
                );
                CREATE INDEX notifications_by_recipient ON notifications(recipient_id, id);
                CREATE INDEX notifications_by_actor ON notifications(actor_id);
                CREATE INDEX notifications_by_entry ON notifications(entry_id) WHERE entry_id IS NOT NULL;
                CREATE INDEX notifications_by_conversation ON notifications(conversation_id) WHERE conversation_id IS NOT NULL;
                CREATE TABLE notification_reads (
                    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                    read_up_to INTEGER NOT NULL
                );
                """)
        }
        // A scheduled entry is a table of its own rather than an entry with a flag, so no read of entries (lists,
        // search, counts, the trash, photos' uses) can show one before it is posted. Its photos keep their records
        // (no cascade from photos: a photo is deleted only with its uploader, who deletes these rows first).
        // Publishing reads the due ones by time, and an author's list reads them soonest first.
        migrator.registerMigration("v7: scheduled entries") { db in
            try db.execute(sql: """
                CREATE TABLE scheduled_entries (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    author_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    scheduled_at DATETIME NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('update', 'journal', 'dream')),
                    body TEXT NOT NULL,
                    visibility TEXT NOT NULL CHECK (visibility IN ('public', 'followers', 'journal', 'private')),
                    dream_creature TEXT,
                    dream_effects TEXT,
                    dream_count INTEGER CHECK (dream_count BETWEEN 1 AND 10),
                    CHECK ((kind = 'dream') = (dream_creature IS NOT NULL AND dream_effects IS NOT NULL AND dream_count IS NOT NULL))
                );
                CREATE INDEX scheduled_entries_by_time ON scheduled_entries(scheduled_at, id);
                CREATE INDEX scheduled_entries_by_author ON scheduled_entries(author_id, scheduled_at, id);
                CREATE TABLE scheduled_entry_photos (
                    scheduled_entry_id INTEGER NOT NULL REFERENCES scheduled_entries(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 3),
                    photo_id INTEGER NOT NULL REFERENCES photos(id),
                    alt TEXT NOT NULL DEFAULT '',
                    PRIMARY KEY (scheduled_entry_id, position)
                );
                CREATE INDEX scheduled_entry_photos_by_photo ON scheduled_entry_photos(photo_id);
                """)
        }
        // Drafts keep their revisions' content as JSON (a draft is never queried by its parts), the latest as bases
        // to merge a save from; the draft's row says which revision is current. `saved` orders an owner's drafts by
        // their last save: one more than the owner's highest, so it grows with every save (writes are serialised).
        migrator.registerMigration("v8: drafts") { db in
            try db.execute(sql: """
                CREATE TABLE drafts (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    owner_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL CHECK (revision >= 1),
                    saved INTEGER NOT NULL,
                    created_at DATETIME NOT NULL,
                    updated_at DATETIME NOT NULL
                );
                CREATE INDEX drafts_by_owner ON drafts(owner_id, saved);
                CREATE TABLE draft_revisions (
                    draft_id INTEGER NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (draft_id, revision)
                );
                """)
        }
        // An imported entry says so (`imported_at`, read with every entry) and remembers where it came from (the
        // archive's origin and the entry's ID there), once per author, so importing the same archive again finds it and
        // stores nothing new. The row goes with its entry.
        migrator.registerMigration("v9: imported entries") { db in
            try db.execute(sql: """
                ALTER TABLE entries ADD COLUMN imported_at DATETIME;
                CREATE TABLE imported_entries (
                    entry_id INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
                    author_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    origin TEXT NOT NULL,
                    source_id TEXT NOT NULL,
                    imported_at DATETIME NOT NULL,
                    UNIQUE (author_id, origin, source_id)
                );
                """)
        }
        // Replies, mentions and tags. A reply names its parent, the parent's author, its thread's first entry and, in a journal's thread, the
        // journal's owner, with no foreign key: a reply outlives its parent and says so. `thread_path` (see
        // `ThreadPath`) puts a thread's replies in reply order in one index; an entry that is not a reply has none.
        // Mentions are kept as JSON with the entry (they are only ever shown with it). Tags are a table of their own,
        // one row per tag and entry, so a tag's page is a range of its primary key; the entries already written get
        // theirs here. Notifications gain their two new kinds (SQLite changes a CHECK by copying the table; its sequence
        // goes on from where it was, so no ID comes back below how far someone has read).
        migrator.registerMigration("v10: replies, mentions and tags") { db in
            try db.execute(sql: """
                ALTER TABLE entries ADD COLUMN reply_to INTEGER;
                ALTER TABLE entries ADD COLUMN reply_to_author INTEGER;
                ALTER TABLE entries ADD COLUMN reply_root INTEGER;
                ALTER TABLE entries ADD COLUMN reply_journal INTEGER;
                ALTER TABLE entries ADD COLUMN mentions TEXT;
                ALTER TABLE entries ADD COLUMN thread_path TEXT;
                CREATE INDEX entries_by_thread ON entries(thread_path) WHERE thread_path IS NOT NULL;
                CREATE INDEX entries_by_parent ON entries(reply_to) WHERE reply_to IS NOT NULL;
                CREATE INDEX entries_by_root ON entries(reply_root, id) WHERE reply_root IS NOT NULL;
                CREATE TABLE entry_tags (
                    tag TEXT NOT NULL,
                    entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
                    PRIMARY KEY (tag, entry_id)
                ) WITHOUT ROWID;
                CREATE INDEX entry_tags_by_entry ON entry_tags(entry_id);
                CREATE TABLE notifications_v10 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    recipient_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN (
                        'followed', 'journal_shared', 'journal_unshared', 'message', 'marked', 'edit_refused', 'replied', 'mentioned'
                    )),
                    actor_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    entry_id INTEGER REFERENCES entries(id) ON DELETE CASCADE,
                    conversation_id INTEGER REFERENCES conversations(id) ON DELETE CASCADE,
                    base_revision INTEGER,
                    current_revision INTEGER,
                    created_at DATETIME NOT NULL
                );
                INSERT INTO notifications_v10 SELECT * FROM notifications;
                DELETE FROM sqlite_sequence WHERE name = 'notifications_v10';
                INSERT INTO sqlite_sequence (name, seq) SELECT 'notifications_v10', seq FROM sqlite_sequence WHERE name = 'notifications';
                DROP TABLE notifications;
                ALTER TABLE notifications_v10 RENAME TO notifications;
                CREATE INDEX notifications_by_recipient ON notifications(recipient_id, id);
                CREATE INDEX notifications_by_actor ON notifications(actor_id);
                CREATE INDEX notifications_by_entry ON notifications(entry_id) WHERE entry_id IS NOT NULL;
                CREATE INDEX notifications_by_conversation ON notifications(conversation_id) WHERE conversation_id IS NOT NULL;
                """)
            let bodies = try Row.fetchCursor(db, sql: "SELECT id, body FROM entries WHERE body LIKE '%#%'")
            while let row = try bodies.next() {
                try insertTags(of: row[1], entry: row[0], in: db)
            }
        }
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
        registerLaterMigrations(in: &migrator)
        return migrator
    }
}
