import GRDB
import QwinkleStorage
import QwinkleStorageSQL

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
            try shared(db) { try await $0.tagEntriesWrittenBeforeTags() }
        }
        registerOpenWorldMigrations(in: &migrator)
        for migration in SharedMigrations.all {
            migrator.registerMigration(migration.name) { db in try db.execute(sql: migration.sql.rendered(for: .sqlite).text) }
        }
        return migrator
    }
}
