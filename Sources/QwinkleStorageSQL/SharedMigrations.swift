/// The migrations written once for both databases, after each backend's own history (SQLite's named ones up to
/// v20, PostgreSQL's numbered ones): each is one `SQL`, rendered for the dialect, registered by both backends under
/// the same name, so the two schemas cannot drift from here on. A migration is never edited once shipped.
public enum SharedMigrations {
    /// The migrations, oldest first.
    public static let all: [(name: String, sql: SQL)] = [
        // A line of the content (`ContentLine`) is a column of the entries and of the scheduled entries, which hold
        // the same content; drafts and revisions keep the content as JSON and need nothing.
        (
            "v21: where an entry was written",
            """
            ALTER TABLE entries ADD COLUMN location TEXT;
            ALTER TABLE scheduled_entries ADD COLUMN location TEXT;
            """
        ),
        // A content warning is a line; whether the photos are sensitive is 0 or 1 in both databases.
        (
            "v22: content warnings and sensitive photos",
            """
            ALTER TABLE entries ADD COLUMN content_warning TEXT;
            ALTER TABLE entries ADD COLUMN sensitive INTEGER NOT NULL DEFAULT 0 CHECK (sensitive IN (0, 1));
            ALTER TABLE scheduled_entries ADD COLUMN content_warning TEXT;
            ALTER TABLE scheduled_entries ADD COLUMN sensitive INTEGER NOT NULL DEFAULT 0 CHECK (sensitive IN (0, 1));
            """
        ),
        // A content warning is found by search as the text is: SQLite's index gains it as a column (matched with the
        // text, ranked together), PostgreSQL's generated vector reads both.
        (
            "v23: content warnings in full-text search",
            """
            \(sqlite: """
                DROP TRIGGER entries_search_insert;
                DROP TRIGGER entries_search_delete;
                DROP TRIGGER entries_search_update;
                DROP TABLE entries_search;
                CREATE VIRTUAL TABLE entries_search USING fts5(
                    body, content_warning, content = 'entries', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0'
                );
                INSERT INTO entries_search (entries_search) VALUES ('rebuild');
                CREATE TRIGGER entries_search_insert AFTER INSERT ON entries BEGIN
                    INSERT INTO entries_search (rowid, body, content_warning) VALUES (new.id, new.body, new.content_warning);
                END;
                CREATE TRIGGER entries_search_delete AFTER DELETE ON entries BEGIN
                    INSERT INTO entries_search (entries_search, rowid, body, content_warning)
                        VALUES ('delete', old.id, old.body, old.content_warning);
                END;
                CREATE TRIGGER entries_search_update AFTER UPDATE OF body, content_warning ON entries BEGIN
                    INSERT INTO entries_search (entries_search, rowid, body, content_warning)
                        VALUES ('delete', old.id, old.body, old.content_warning);
                    INSERT INTO entries_search (rowid, body, content_warning) VALUES (new.id, new.body, new.content_warning);
                END;
                """, postgres: """
                ALTER TABLE entries DROP COLUMN search_vector;
                ALTER TABLE entries ADD COLUMN search_vector TSVECTOR GENERATED ALWAYS AS
                    (to_tsvector('simple'::regconfig, coalesce(content_warning, '') || ' ' || body)) STORED;
                CREATE INDEX entries_by_search_vector ON entries USING GIN (search_vector);
                """)
            """
        ),
    ]
}
