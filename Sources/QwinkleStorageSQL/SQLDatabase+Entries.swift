import Foundation
import QwinkleKit
import QwinkleStorage

// The writes of entries and the reads of their threads, revisions and trash, shared. Each backend keeps its own
// reading of a page of a list and of one entry, the reads every timeline makes (`EntryStore.entries`, `entry(id:)`).
extension EntryStore where Self: SQLDatabase {
    /// Inserts the entry, its photos and its first revision in one transaction; a key already used for a live entry
    /// in the last 24 hours returns that entry instead.
    ///
    /// The entries' sequence lock (see `CursorSequence`) is taken first, so the key's check and its insert cannot
    /// interleave with another server's; the key's primary key would refuse a second live claim all the same.
    public func createEntry(_ new: NewEntry, idempotencyKey: IdempotencyKey?) async throws -> EntryCreation {
        try await write { connection in
            try await connection.lock(.entries)
            if let idempotencyKey, let previous = try await connection.entries(
                join: "JOIN idempotency_keys ON idempotency_keys.entry_id = entries.id",
                where: """
                    idempotency_keys.account_id = \(new.author.key) AND idempotency_keys.key = \(idempotencyKey.key)
                    AND idempotency_keys.created_at >= \(idempotencyKey.since)
                    """
            ).first?.item {
                return .replayed(previous)
            }
            let entry = try await connection.insertEntry(new)
            if let draft = new.draft { try await connection.deletePostedDraft(draft, of: new.author) }
            if let idempotencyKey {
                // The key is taken over when it has expired or its entry is in the trash, and only then.
                let claimed = try await connection.returnsRow(
                    """
                    INSERT INTO idempotency_keys (account_id, key, entry_id, created_at)
                    VALUES (\(new.author.key), \(idempotencyKey.key), \(entry.id.key), \(new.createdAt))
                    ON CONFLICT (account_id, key) DO UPDATE SET entry_id = excluded.entry_id, created_at = excluded.created_at
                    WHERE idempotency_keys.created_at < \(idempotencyKey.since)
                        OR EXISTS (SELECT 1 FROM trashed_entries WHERE trashed_entries.entry_id = idempotency_keys.entry_id)
                    RETURNING 1
                    """
                )
                guard claimed else { throw StorageError.unavailable("Another request with the same Idempotency-Key is being saved.") }
            }
            return .created(entry)
        }
    }

    /// Puts the entry in the trash unless it is there already; its photos' attachments, revisions, marks and
    /// idempotency keys stay as they are, for a restore.
    public func deleteEntry(id: Entry.ID, at date: Date, announce: Bool) async throws -> Bool {
        try await write { connection in
            try await connection.lock(.trash)
            let moved = try await connection.returnsRow(
                """
                INSERT INTO trashed_entries (entry_id, deleted_at) SELECT id, \(date) FROM entries WHERE id = \(id.key)
                ON CONFLICT DO NOTHING RETURNING 1
                """
            )
            if moved, announce { try await connection.recordOutgoingWrite(.deleted, of: id, at: date) }
            return moved
        }
    }
}

extension ThreadStore where Self: SQLDatabase {
    /// Reads the entries among these IDs that are outside the trash.
    public func entries(ids: [Entry.ID]) async throws -> [Entry] {
        guard !ids.isEmpty else { return [] }
        return try await read { connection in try await connection.entries(ids: ids) }
    }

    /// Reads the entry's thread path and names the IDs above it.
    public func ancestorIDs(of entry: Entry.ID) async throws -> [Entry.ID] {
        try await read { connection in
            let path = try await connection.value("SELECT thread_path FROM entries WHERE id = \(entry.key)", as: String?.self) ?? nil
            return path.map { ThreadPath.ids(in: $0).dropLast().map(Entry.ID.init(integer:)) } ?? []
        }
    }

    /// Reads one range of the thread index: the paths below the entry's, after the cursor's (or after everything
    /// below it), in order.
    public func replies(below entry: Entry.ID, after cursor: ThreadCursor?, limit: Int) async throws -> [ThreadItem] {
        try await read { connection in
            guard let top = try await connection.threadPath(of: entry.key) else { return [] }
            var start = top
            if let cursor, let path = try await connection.threadPath(of: cursor.after.key), path.hasPrefix(top) {
                start = cursor.skippingItsReplies ? ThreadPath.end(below: path) : path
            }
            return try await connection.entries(
                """
                SELECT \(raw: Columns.entry), entries.thread_path FROM entries
                WHERE entries.thread_path > \(start) AND entries.thread_path < \(ThreadPath.end(below: top))
                    AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))
                ORDER BY entries.thread_path LIMIT \(limit)
                """,
                extra: { try $0[Columns.entryCount] as String }
            ).map { ThreadItem(entry: $0.entry, depth: ThreadPath.depth(of: $0.extra, below: top)) }
        }
    }

    /// Reads who wrote each direct reply and for whom, by the parents' index.
    public func replyAudiences(to entries: [Entry.ID]) async throws -> [Entry.ID: [EntryAudience]] {
        guard !entries.isEmpty else { return [:] }
        return try await readStatement { connection in try await connection.replyAudiences(to: entries) }
    }
}

extension SQLConnection {
    /// Who wrote each direct reply to these entries and for whom, in one statement.
    package func replyAudiences(to entries: [Entry.ID]) async throws -> [Entry.ID: [EntryAudience]] {
        guard !entries.isEmpty else { return [:] }
        var audiences: [Entry.ID: [EntryAudience]] = [:]
        try await forEach(
            """
            SELECT reply_to, author_id, visibility, reply_journal, reply_to_author, unlisted FROM entries
            WHERE reply_to IN (\(list: entries.map(\.key))) AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))
            """
        ) { row in
            let journal: Int64? = try row[3]
            audiences[Entry.ID(integer: try row[0]), default: []].append(EntryAudience(
                author: Account.ID(integer: try row[1]),
                visibility: try Visibility(storedName: try row[2], unlisted: try row[5] as Int64 == 1),
                journal: journal.map(Account.ID.init(integer:)), parentAuthor: Account.ID(integer: try row[4])
            ))
        }
        return audiences
    }

    /// What a page shows of its entries' marks, shares, bookmarks, pins and photos, in one statement by the marks',
    /// shares' and pins' indexes on their entries, the viewer's bookmarks and the photos' keys: each entry's counts,
    /// which of them the viewer marked, shared and bookmarked (none without a viewer), which are pinned, and the sizes
    /// of their photos. It fills `counts`, `marked`, `shared`, `bookmarked`, `pinned` and `photoSizes`.
    package func reactions(to entries: [Entry], viewer: Account.ID?, into facts: inout EntryPageFacts) async throws {
        guard !entries.isEmpty else { return }
        let keys = entries.map(\.id.key)
        let photos = Set(entries.flatMap { $0.content.photos.map(\.id.key) })
        // The sizes of the page's photos ride along, where the page has any.
        let sizes: QwinkleStorageSQL.SQL = photos.isEmpty ? "" : """
            UNION ALL
            SELECT id, 4, width, height FROM photos WHERE id IN (\(list: photos.sorted())) AND width IS NOT NULL AND height IS NOT NULL
            """
        // No account has ID 0: without a viewer, nothing is the viewer's.
        let me = viewer?.key ?? 0
        try await forEach(
            """
            SELECT entry_id, 0, count(*), max(CASE WHEN account_id = \(me) THEN 1 ELSE 0 END) FROM marks
            WHERE entry_id IN (\(list: keys)) GROUP BY entry_id
            UNION ALL
            SELECT entry_id, 1, count(*), max(CASE WHEN sharer_id = \(me) THEN 1 ELSE 0 END) FROM shares
            WHERE entry_id IN (\(list: keys)) GROUP BY entry_id
            UNION ALL
            SELECT entry_id, 2, 0, 1 FROM bookmarks WHERE account_id = \(me) AND entry_id IN (\(list: keys))
            UNION ALL
            SELECT entry_id, 3, 0, 1 FROM pins WHERE entry_id IN (\(list: keys))
            \(sizes)
            """
        ) { row in
            let entry = Entry.ID(integer: try row[0])
            let count = Int(try row[2] as Int64)
            let isViewers = try row[3] as Int64 == 1
            switch try row[1] as Int64 {
            case 0:
                facts.counts[entry, default: EntryCounts()].marks = count
                if isViewers { facts.marked.insert(entry) }
            case 1:
                facts.counts[entry, default: EntryCounts()].shares = count
                if isViewers { facts.shared.insert(entry) }
            case 2:
                facts.bookmarked.insert(entry)
            case 3:
                facts.pinned.insert(entry)
            default:
                // A photo's row: its ID, then its width and height.
                let photo = Photo.ID(integer: try row[0])
                facts.photoSizes[photo] = PhotoSize.stored(width: Int(try row[2] as Int64), height: Int(try row[3] as Int64))
            }
        }
    }

    /// An entry's place in its thread: its stored path, or for an entry that is not a reply its own segment.
    fileprivate func threadPath(of entry: Int64) async throws -> String? {
        guard let found = try await value("SELECT thread_path FROM entries WHERE id = \(entry)", as: String?.self) else { return nil }
        return found ?? ThreadPath.segment(entry)
    }
}

extension RevisionStore where Self: SQLDatabase {
    /// Compares and sets in one transaction (`SQLConnection.applyEdit`), and tells whom the edit concerns.
    public func updateEntry(
        _ entry: Entry, expectedRevision: Int, notify: [Account.ID: AccountNotification.Kind], announce: Bool
    ) async throws -> Bool {
        try await write { connection in
            let before = announce ? try await connection.visibility(of: entry.id) : nil
            guard try await connection.applyEdit(entry, expectedRevision: expectedRevision) else { return false }
            if announce { try await connection.recordOutgoingWrite(.updated, of: entry.id, before: before, at: entry.editedAt ?? entry.createdAt) }
            for (recipient, kind) in notify.sorted(by: { $0.key.key < $1.key.key }) {
                try await connection.insertNotification(to: recipient, kind, by: entry.author, entry: entry.id, at: entry.editedAt ?? entry.createdAt)
            }
            return true
        }
    }

    /// Reads the stored revision values of an entry outside the trash.
    public func revisions(of entry: Entry.ID) async throws -> [Entry] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT value FROM entry_revisions
                WHERE entry_id = \(entry.key) AND \(raw: EntryPlace.outsideTrash.condition(on: "entry_revisions.entry_id"))
                ORDER BY revision
                """
            ) { row in
                var revision = try QwinkleJSON.decode(Entry.self, from: Data((try row[0] as String).utf8))
                // PostgreSQL's times in the canonical form its reads of an entry give (SQLite's JSON has them so).
                if connection.dialect == .postgres {
                    revision.createdAt = revision.createdAt.toMilliseconds
                    revision.editedAt = revision.editedAt?.toMilliseconds
                    revision.importedAt = revision.importedAt?.toMilliseconds
                }
                return revision
            }
        }
    }
}

extension TrashStore where Self: SQLDatabase {
    /// Reads the entry from the trash, with when it was deleted.
    public func trashedEntry(id: Entry.ID) async throws -> TrashedEntry? {
        try await read { connection in try await connection.trashedEntries(where: "entries.id = \(id.key)").first?.item }
    }

    /// Takes the entry's row out of the trash; everything that belongs to it never left.
    public func restoreDeletedEntry(id: Entry.ID, announcingAt date: Date?) async throws -> Entry? {
        try await write { connection in
            guard try await connection.returnsRow("DELETE FROM trashed_entries WHERE entry_id = \(id.key) AND removed = 0 RETURNING 1") else {
                return nil
            }
            if let date { try await connection.recordOutgoingWrite(.updated, of: id, at: date) }
            return try await connection.entry(id: id)
        }
    }

    /// Reads a page of the author's trash by the deletions' sequence.
    public func trash(of author: Account.ID, page: PageRequest) async throws -> [Paged<TrashedEntry>] {
        try await read { connection in
            try await connection.trashedEntries(
                where: "entries.author_id = \(author.key)\(SQL.pageWindow(page, column: "trashed_entries.id"))", limit: page.limit
            )
        }
    }

    /// Deletes the entries; the schema's cascades take their trash rows, photos' attachments, revisions, marks and
    /// idempotency keys with them.
    public func purgeTrash(deletedBefore date: Date) async throws -> Int {
        try await write { connection in
            try await connection.rows(
                "DELETE FROM entries WHERE id IN (SELECT entry_id FROM trashed_entries WHERE deleted_at < \(date)) RETURNING 1"
            ) { _ in 1 }.count
        }
    }
}

extension SQLConnection {
    /// Entries in the trash matching a condition, most recently deleted first, each with when it was deleted.
    fileprivate func trashedEntries(where condition: SQL, limit: Int? = nil) async throws -> [Paged<TrashedEntry>] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        return try await entries(
            """
            SELECT \(raw: Columns.entry), trashed_entries.id, trashed_entries.deleted_at
            FROM entries JOIN trashed_entries ON trashed_entries.entry_id = entries.id
            WHERE \(condition) ORDER BY trashed_entries.id DESC \(limitClause)
            """,
            extra: { (try $0[Columns.entryCount] as Int64, try $0[Columns.entryCount + 1] as Date) }
        ).map { Paged(cursor: $0.extra.0, item: TrashedEntry(entry: $0.entry, deletedAt: $0.extra.1)) }
    }
}
