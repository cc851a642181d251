import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage {
    /// A page of a list made of whole streams, each one author's entries of one visibility: the home timeline and
    /// the journal. As with SQLite, a page is read as a merge of each stream's newest entries, so it costs a seek per
    /// stream plus the page, however long anyone's history is; here the merge is one query of lateral joins.
    ///
    /// It is a prepared statement, kept by each pooled connection: planning this query cost as much as running it.
    /// Its parameters are the viewer ($1), the page's `max` ($2) and `since` ($3) cursors and its limit ($4).
    struct StreamPage<Streams: PageStreams>: PostgresPreparedStatement {
        /// The viewer.
        let viewer: Int64
        /// The page.
        let page: PageRequest

        static var name: String { "qwinkle_\(Streams.name)_page" }

        /// First each stream's newest entry in the window (its head), and the `$4` streams with the newest heads:
        /// only they can have an entry on the page, and none of the page is older than the last of those heads.
        /// Then at most `$4` entries of each of them down to that floor, merged. A shared stream's head is the one
        /// its author's counts keep while the page starts above it; its run is its two visibilities' runs.
        static var sql: String {
            let window = "stream.id < $2 AND stream.id > $3 AND \(EntryPlace.outsideTrash.condition(on: "stream.id"))"
            let head = { (visibility: String) in
                """
                (SELECT stream.id FROM entries AS stream
                    WHERE stream.author_id = streams.author AND stream.visibility = \(visibility) AND \(window)
                    ORDER BY stream.id DESC LIMIT 1)
                """
            }
            return """
                SELECT \(entryColumns), entries.id FROM entries
                WHERE entries.id IN (
                    WITH streams(author, visibility, kept) AS (\(Streams.sql)),
                    heads AS (
                        SELECT author, visibility, id FROM (
                            SELECT streams.author, streams.visibility, CASE
                                WHEN streams.visibility <> '\(sharedStream)' THEN \(head("streams.visibility"))
                                WHEN streams.kept IS NULL OR streams.kept <= $3 THEN NULL
                                WHEN streams.kept < $2 THEN streams.kept
                                ELSE GREATEST(\(head("'public'")), \(head("'followers'")))
                            END AS id
                            FROM streams
                        ) AS found
                        WHERE id IS NOT NULL
                        ORDER BY id DESC LIMIT $4
                    ),
                    floor AS (SELECT CASE WHEN count(*) = $4 THEN min(heads.id) ELSE 0 END AS id FROM heads),
                    runs(author, visibility) AS (
                        SELECT heads.author, part.visibility FROM heads JOIN (VALUES ('public'), ('followers')) AS part(visibility)
                            ON heads.visibility = '\(sharedStream)'
                        UNION ALL
                        SELECT heads.author, heads.visibility FROM heads WHERE heads.visibility <> '\(sharedStream)'
                    )
                    SELECT newest.id FROM runs CROSS JOIN floor CROSS JOIN LATERAL (
                        SELECT stream.id FROM entries AS stream
                        WHERE stream.author_id = runs.author AND stream.visibility = runs.visibility AND stream.id >= floor.id AND \(window)
                        ORDER BY stream.id DESC LIMIT $4
                    ) AS newest
                    ORDER BY newest.id DESC LIMIT $4
                )
                ORDER BY entries.id DESC
                """
        }

        static var bindingDataTypes: [PostgresDataType] { [.int8, .int8, .int8, .int8] }

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(viewer)
            bindings.append(page.maxCursor ?? .max)
            bindings.append(page.sinceCursor ?? 0)
            bindings.append(Int64(page.limit))
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Paged<Entry> {
            try row.pagedEntry()
        }
    }

    /// The visibility of a stream of both an author's `public` and `followers` entries: what those who follow them
    /// see. Its head is the newest entry its author's counts keep (`account_stats.last_entry_id`), so a page reads
    /// one row for it where it would seek two streams; only a page that starts below that head seeks.
    static let sharedStream = "shared"

    /// Which streams a list is made of, as SQL selecting `(author, visibility, kept)` for the viewer `$1`: `kept`
    /// is the head of a shared stream as the writes keep it, NULL for the others.
    protocol PageStreams: Sendable {
        /// A name for the prepared statement.
        static var name: String { get }
        /// The streams' SQL.
        static var sql: String { get }
    }

    /// The home timeline's streams: every visibility of the viewer's own, the shared stream of each account they
    /// follow with its head as the writes keep it, and `journal` of those of them who share their journal with the
    /// viewer.
    enum HomeStreams: PageStreams {
        static let name = "home"
        static let sql = """
            SELECT $1::BIGINT, visibility, NULL::BIGINT FROM (VALUES ('public'), ('followers'), ('journal'), ('private')) AS own(visibility)
            UNION ALL
            SELECT follows.followee_id, '\(sharedStream)', account_stats.last_entry_id
            FROM follows JOIN account_stats ON account_stats.account_id = follows.followee_id
            WHERE follows.follower_id = $1
            UNION ALL
            SELECT journal_readers.owner_id, 'journal', NULL FROM journal_readers
            JOIN follows ON follows.follower_id = $1 AND follows.followee_id = journal_readers.owner_id
            WHERE journal_readers.reader_id = $1
            """
    }

    /// The journal's streams: the viewer's `journal` and `private` entries, and the sharers' `journal` ones.
    enum JournalStreams: PageStreams {
        static let name = "journal"
        static let sql = """
            SELECT $1::BIGINT, visibility, NULL::BIGINT FROM (VALUES ('journal'), ('private')) AS own(visibility)
            UNION ALL
            SELECT owner_id, 'journal', NULL FROM journal_readers WHERE reader_id = $1
            """
    }
}
