import GRDB
import QwinkleStorage

extension SQLiteStorage {
    /// A list made of whole authors' entries: the home timeline (the viewer and those they follow) and the journal
    /// (the viewer and those who share theirs). Such a list is read as a merge of each author's newest entries, so
    /// a page costs a seek per author plus the page itself, however long everyone's history is; one query over all
    /// their entries would read and sort every entry they ever wrote.
    struct AuthorStreams {
        /// The viewer, whose own entries are one of the streams.
        let viewer: Int64
        /// SQL selecting the other authors (`author`), and whether each shares their journal with the viewer
        /// (`shares`, 1 or 0), over the parameter `:viewer`.
        let others: String
        /// Which of an author's entries belong to the list, as SQL over `entries`, `own` (1 for the viewer's own
        /// stream, 0 for the others') and `shares`.
        let condition: (_ own: String, _ shares: String) -> String

        /// The home timeline's streams: the viewer's entries, and the others' `public` and `followers` ones, and
        /// their `journal` ones when they share their journal with the viewer.
        static func home(viewer: Int64) -> AuthorStreams {
            AuthorStreams(
                viewer: viewer,
                others: """
                    SELECT followee_id AS author, EXISTS (
                        SELECT 1 FROM journal_readers WHERE journal_readers.owner_id = follows.followee_id AND journal_readers.reader_id = :viewer
                    ) AS shares
                    FROM follows WHERE follower_id = :viewer
                    """,
                condition: { own, shares in
                    "(\(own) OR entries.visibility IN ('public', 'followers') OR (\(shares) AND entries.visibility = 'journal'))"
                }
            )
        }

        /// The journal's streams: the viewer's `journal` and `private` entries, and the sharers' `journal` ones.
        static func journal(viewer: Int64) -> AuthorStreams {
            AuthorStreams(
                viewer: viewer, others: "SELECT owner_id AS author, 1 AS shares FROM journal_readers WHERE reader_id = :viewer",
                condition: { own, _ in "(entries.visibility = 'journal' OR (\(own) AND entries.visibility = 'private'))" }
            )
        }

        /// The IDs of a page, newest first.
        ///
        /// First each author's newest entry in the window (its head), and the `limit` authors with the newest heads:
        /// only they can have an entry on the page, and none of the page is older than the last of those heads.
        /// Then at most `limit` entries of each of them down to that floor, merged.
        func pageIDs(_ db: Database, page: PageRequest) throws -> [Int64] {
            let window: [String: Int64] = [
                "viewer": viewer, "max": page.maxCursor ?? .max, "since": page.sinceCursor ?? 0, "limit": Int64(page.limit),
            ]
            let heads = try Row.fetchAll(
                db.cachedStatement(sql: """
                    WITH streams(author, own, shares) AS (VALUES (:viewer, 1, 1) UNION ALL SELECT others.author, 0, others.shares FROM (\(others)) AS others),
                    heads AS MATERIALIZED (
                        SELECT author, own, shares, (\(Self.newest(condition("streams.own", "streams.shares"), author: "streams.author", floor: nil, limit: "1"))) AS head
                        FROM streams
                    )
                    SELECT author, own, shares, head FROM heads WHERE head IS NOT NULL ORDER BY head DESC LIMIT :limit
                    """),
                arguments: StatementArguments(window)
            )
            let floor: Int64 = heads.count == page.limit ? heads.last?["head"] ?? 0 : 0
            let run = try db.cachedStatement(sql: Self.newest(condition(":own", ":shares"), author: ":author", floor: ":floor", limit: ":limit"))
            var ids: [Int64] = []
            for head in heads {
                var arguments = window
                arguments["author"] = head["author"]
                arguments["own"] = head["own"]
                arguments["shares"] = head["shares"]
                arguments["floor"] = floor
                ids += try Int64.fetchAll(run, arguments: StatementArguments(arguments))
            }
            ids.sort(by: >)
            return Array(ids.prefix(page.limit))
        }

        /// SQL for one author's newest entries in the page's window (`:max`, `:since`) meeting `condition`, outside
        /// the trash, from `floor` up when there is one.
        private static func newest(_ condition: String, author: String, floor: String?, limit: String) -> String {
            """
            SELECT entries.id FROM entries
            WHERE entries.author_id = \(author) AND entries.id < :max AND entries.id > :since\(floor.map { " AND entries.id >= \($0)" } ?? "")
                AND \(condition) AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))
            ORDER BY entries.id DESC LIMIT \(limit)
            """
        }
    }
}
