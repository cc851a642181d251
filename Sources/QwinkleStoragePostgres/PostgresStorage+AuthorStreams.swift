import PostgresNIO
import QwinkleStorage

extension PostgresStorage {
    /// A list made of whole streams, each one author's entries of one visibility: the home timeline and the
    /// journal. As with SQLite, a page is read as a merge of each stream's newest entries, so it costs a seek per
    /// stream plus the page, however long anyone's history is; here the merge is one query of lateral joins.
    struct AuthorStreams {
        /// SQL selecting the streams as `(author, visibility)`.
        let streams: SQL

        /// The home timeline's streams: every visibility of the viewer's own, `public` and `followers` of those
        /// they follow, and `journal` of those of them who share their journal with the viewer.
        static func home(viewer: Int64) -> AuthorStreams {
            AuthorStreams(streams: """
                SELECT \(viewer), visibility FROM (VALUES ('public'), ('followers'), ('journal'), ('private')) AS own(visibility)
                UNION ALL
                SELECT follows.followee_id, shown.visibility FROM follows JOIN (VALUES ('public'), ('followers'), ('journal')) AS shown(visibility)
                    ON shown.visibility IN ('public', 'followers') OR (shown.visibility = 'journal' AND EXISTS (
                        SELECT 1 FROM journal_readers WHERE journal_readers.owner_id = follows.followee_id AND journal_readers.reader_id = \(viewer)
                    ))
                WHERE follows.follower_id = \(viewer)
                """)
        }

        /// The journal's streams: the viewer's `journal` and `private` entries, and the sharers' `journal` ones.
        static func journal(viewer: Int64) -> AuthorStreams {
            AuthorStreams(streams: """
                SELECT \(viewer), visibility FROM (VALUES ('journal'), ('private')) AS own(visibility)
                UNION ALL
                SELECT owner_id, 'journal' FROM journal_readers WHERE reader_id = \(viewer)
                """)
        }

        /// The condition `entries.id IN (…)` selecting a page, newest first.
        ///
        /// First each stream's newest entry in the window (its head), and the `limit` streams with the newest heads:
        /// only they can have an entry on the page, and none of the page is older than the last of those heads.
        /// Then at most `limit` entries of each of them down to that floor, merged.
        func pageCondition(_ page: PageRequest) -> SQL {
            let window: SQL = """
                stream.id < \(page.maxCursor ?? .max) AND stream.id > \(page.sinceCursor ?? 0)
                AND \(raw: EntryPlace.outsideTrash.condition(on: "stream.id"))
                """
            return """
                entries.id IN (
                    WITH streams(author, visibility) AS (\(streams)),
                    heads AS (
                        SELECT streams.author, streams.visibility, head.id FROM streams CROSS JOIN LATERAL (
                            SELECT stream.id FROM entries AS stream
                            WHERE stream.author_id = streams.author AND stream.visibility = streams.visibility AND \(window)
                            ORDER BY stream.id DESC LIMIT 1
                        ) AS head
                        ORDER BY head.id DESC LIMIT \(page.limit)
                    ),
                    floor AS (SELECT CASE WHEN count(*) = \(page.limit) THEN min(heads.id) ELSE 0 END AS id FROM heads)
                    SELECT newest.id FROM heads CROSS JOIN floor CROSS JOIN LATERAL (
                        SELECT stream.id FROM entries AS stream
                        WHERE stream.author_id = heads.author AND stream.visibility = heads.visibility AND stream.id >= floor.id AND \(window)
                        ORDER BY stream.id DESC LIMIT \(page.limit)
                    ) AS newest
                    ORDER BY newest.id DESC LIMIT \(page.limit)
                )
                """
        }
    }
}
