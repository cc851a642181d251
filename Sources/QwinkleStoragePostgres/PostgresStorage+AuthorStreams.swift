import PostgresNIO
import QwinkleKit
import QwinkleStorage

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
        /// Then at most `$4` entries of each of them down to that floor, merged.
        static var sql: String {
            let window = "stream.id < $2 AND stream.id > $3 AND \(EntryPlace.outsideTrash.condition(on: "stream.id"))"
            return """
                SELECT \(entryColumns), entries.id FROM entries
                WHERE entries.id IN (
                    WITH streams(author, visibility) AS (\(Streams.sql)),
                    heads AS (
                        SELECT streams.author, streams.visibility, head.id FROM streams CROSS JOIN LATERAL (
                            SELECT stream.id FROM entries AS stream
                            WHERE stream.author_id = streams.author AND stream.visibility = streams.visibility AND \(window)
                            ORDER BY stream.id DESC LIMIT 1
                        ) AS head
                        ORDER BY head.id DESC LIMIT $4
                    ),
                    floor AS (SELECT CASE WHEN count(*) = $4 THEN min(heads.id) ELSE 0 END AS id FROM heads)
                    SELECT newest.id FROM heads CROSS JOIN floor CROSS JOIN LATERAL (
                        SELECT stream.id FROM entries AS stream
                        WHERE stream.author_id = heads.author AND stream.visibility = heads.visibility AND stream.id >= floor.id AND \(window)
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

    /// Which streams a list is made of, as SQL selecting `(author, visibility)` for the viewer `$1`.
    protocol PageStreams: Sendable {
        /// A name for the prepared statement.
        static var name: String { get }
        /// The streams' SQL.
        static var sql: String { get }
    }

    /// The home timeline's streams: every visibility of the viewer's own, `public` and `followers` of those they
    /// follow, and `journal` of those of them who share their journal with the viewer.
    enum HomeStreams: PageStreams {
        static let name = "home"
        static let sql = """
            SELECT $1::BIGINT, visibility FROM (VALUES ('public'), ('followers'), ('journal'), ('private')) AS own(visibility)
            UNION ALL
            SELECT follows.followee_id, shown.visibility FROM follows JOIN (VALUES ('public'), ('followers'), ('journal')) AS shown(visibility)
                ON shown.visibility IN ('public', 'followers') OR (shown.visibility = 'journal' AND EXISTS (
                    SELECT 1 FROM journal_readers WHERE journal_readers.owner_id = follows.followee_id AND journal_readers.reader_id = $1
                ))
            WHERE follows.follower_id = $1
            """
    }

    /// The journal's streams: the viewer's `journal` and `private` entries, and the sharers' `journal` ones.
    enum JournalStreams: PageStreams {
        static let name = "journal"
        static let sql = """
            SELECT $1::BIGINT, visibility FROM (VALUES ('journal'), ('private')) AS own(visibility)
            UNION ALL
            SELECT owner_id, 'journal' FROM journal_readers WHERE reader_id = $1
            """
    }
}
