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
    ]
}
