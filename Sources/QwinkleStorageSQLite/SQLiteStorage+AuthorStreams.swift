import GRDB
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage {
    /// A list made of whole streams, each one author's entries of one visibility: the home timeline (the viewer's
    /// own, and what they may see of those they follow) and the journal (the viewer's, and the journals shared with
    /// them). Such a list is read as a merge of each stream's newest entries, so a page costs a seek per stream plus
    /// the page itself, however long anyone's history is; one query over all their entries would read and sort
    /// every entry they ever wrote, and a stream of several visibilities would walk past the others' entries.
    struct AuthorStreams {
        /// The viewer, the parameter `:viewer` of `streams`.
        let viewer: Int64
        /// SQL selecting the streams as `author`, `visibility` and `kept`, over `:viewer` and the table
        /// `visibilities`: `kept` is the head of a `shared` stream as the writes keep it, NULL for the others.
        let streams: String

        /// The visibility of a stream of both an author's `public` and `followers` entries: what those who follow them
        /// see. Its head is the newest entry its author's counts keep (`account_stats.last_entry_id`), so a page
        /// reads one row for it where it would seek two streams; only a page that starts below that head seeks.
        static let shared = "shared"

        /// The home timeline's streams: every visibility of the viewer's own, the shared stream of each account they
        /// follow with its head as the writes keep it, and `journal` of those of them who share their journal with the
        /// viewer.
        static func home(viewer: Int64) -> AuthorStreams {
            AuthorStreams(
                viewer: viewer,
                streams: """
                    SELECT :viewer, visibility, NULL FROM visibilities
                    UNION ALL
                    SELECT follows.followee_id, '\(shared)', account_stats.last_entry_id
                    FROM follows JOIN account_stats ON account_stats.account_id = follows.followee_id
                    WHERE follows.follower_id = :viewer
                    UNION ALL
                    SELECT journal_readers.owner_id, 'journal', NULL FROM journal_readers
                    JOIN follows ON follows.follower_id = :viewer AND follows.followee_id = journal_readers.owner_id
                    WHERE journal_readers.reader_id = :viewer
                    """
            )
        }

        /// The journal's streams: the viewer's `journal` and `private` entries, and the sharers' `journal` ones.
        static func journal(viewer: Int64) -> AuthorStreams {
            AuthorStreams(
                viewer: viewer,
                streams: """
                    SELECT :viewer, visibility, NULL FROM visibilities WHERE visibility IN ('journal', 'private')
                    UNION ALL
                    SELECT owner_id, 'journal', NULL FROM journal_readers WHERE reader_id = :viewer
                    """
            )
        }

        /// The IDs of a page, newest first.
        ///
        /// First each stream's newest entry in the window (its head), and the `limit` streams with the newest heads:
        /// only they can have an entry on the page, and none of the page is older than the last of those heads.
        /// Then at most `limit` entries of each of them down to that floor, merged.
        func pageIDs(_ db: Database, page: PageRequest) throws -> [Int64] {
            // Nothing is newer than the largest ID (a `Last-Event-ID` may name it), and the runs' bound is one above.
            let since = page.sinceCursor ?? 0
            guard since < .max else { return [] }
            let window: [String: (any DatabaseValueConvertible)?] = [
                "viewer": viewer, "max": page.maxCursor ?? .max, "since": since, "limit": Int64(page.limit),
            ]
            let heads = try Row.fetchAll(
                db.cachedStatement(sql: """
                    WITH visibilities(visibility) AS (VALUES ('public'), ('followers'), ('journal'), ('private')),
                    streams(author, visibility, kept) AS (\(streams)),
                    heads AS MATERIALIZED (
                        SELECT author, visibility, CASE
                            WHEN visibility <> '\(Self.shared)' THEN (\(Self.newest(author: "streams.author", visibility: "streams.visibility", floor: nil, limit: "1")))
                            WHEN kept IS NULL OR kept <= :since THEN NULL
                            WHEN kept < :max THEN kept
                            ELSE (\(Self.newest(author: "streams.author", visibility: nil, floor: nil, limit: "1")))
                        END AS head
                        FROM streams
                    )
                    SELECT author, visibility, head FROM heads WHERE head IS NOT NULL ORDER BY head DESC LIMIT :limit
                    """),
                arguments: StatementArguments(window)
            )
            // One lower bound for the runs, the higher of the floor and the window's: given two, SQLite seeks by one
            // and only filters by the other, so a run walked its author's whole stream below the floor (measured with
            // the floor above an author's history: 7.7 µs against 2.9 µs at 105 entries, 621 µs at 10,000).
            let lowest = since + 1
            let lastHead: Int64? = heads.count == page.limit ? heads.last?[2] : nil
            let floor = max(lastHead ?? lowest, lowest)
            let run = try db.cachedStatement(sql: Self.newest(author: ":author", visibility: ":visibility", floor: ":floor", limit: ":limit"))
            let sharedRun = try db.cachedStatement(sql: Self.newest(author: ":author", visibility: nil, floor: ":floor", limit: ":limit"))
            var ids: [Int64] = []
            for head in heads {
                let visibility: String = head[1]
                var arguments = window
                arguments["author"] = head[0] as Int64
                arguments["floor"] = floor
                if visibility != Self.shared { arguments["visibility"] = visibility }
                ids += try Int64.fetchAll(visibility == Self.shared ? sharedRun : run, arguments: StatementArguments(arguments))
            }
            ids.sort(by: >)
            return Array(ids.prefix(page.limit))
        }

        /// SQL for one stream's newest entries below `:max`, outside the trash, down to `floor` when there is one
        /// (which must then be above `:since`) and otherwise above `:since`; `visibility` `nil` is the shared stream.
        /// The index on author, visibility and ID (or for the shared stream, the one on its entries by author and ID)
        /// makes it a seek and a walk that stops at the one lower bound.
        private static func newest(author: String, visibility: String?, floor: String?, limit: String) -> String {
            """
            SELECT entries.id FROM entries
            WHERE entries.author_id = \(author) AND \(visibility.map { "entries.visibility = \($0)" } ?? AccountStatsSQL.countable("entries"))
                AND entries.id < :max AND \(floor.map { "entries.id >= \($0)" } ?? "entries.id > :since")
                AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))
            ORDER BY entries.id DESC LIMIT \(limit)
            """
        }
    }
}
