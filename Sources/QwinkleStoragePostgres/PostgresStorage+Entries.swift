import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: EntryStore {
    /// Inserts the entry, its photos and its first revision in one transaction; a key already used for a live entry
    /// in the last 24 hours returns that entry instead.
    ///
    /// The entries' sequence lock (see `CursorSequence`) is taken first, so the key's check and its insert cannot
    /// interleave with another server's; the key's primary key would refuse a second live claim all the same.
    public func createEntry(_ new: NewEntry, idempotencyKey: IdempotencyKey?) async throws -> EntryCreation {
        try await writing { connection in
            try await lock(.entries, on: connection)
            if let idempotencyKey, let previous = try await connection.query(
                """
                SELECT \(unescaped: Self.entryColumns) FROM idempotency_keys JOIN entries ON entries.id = idempotency_keys.entry_id
                WHERE idempotency_keys.account_id = \(new.author.key) AND idempotency_keys.key = \(idempotencyKey.key)
                    AND idempotency_keys.created_at >= \(idempotencyKey.since)
                    AND \(unescaped: EntryPlace.outsideTrash.condition(on: "entries.id"))
                """,
                logger: logger
            ).first({ try $0.entry() }) {
                return .replayed(previous)
            }
            let entry = try await insertEntry(new, on: connection)
            if let draft = new.draft { try await sql(connection).deletePostedDraft(draft, of: new.author) }
            if let idempotencyKey {
                // The key is taken over when it has expired or its entry is in the trash, and only then.
                let claimed = try await connection.query(
                    """
                    INSERT INTO idempotency_keys (account_id, key, entry_id, created_at)
                    VALUES (\(new.author.key), \(idempotencyKey.key), \(entry.id.key), \(new.createdAt.toMilliseconds))
                    ON CONFLICT (account_id, key) DO UPDATE SET entry_id = excluded.entry_id, created_at = excluded.created_at
                    WHERE idempotency_keys.created_at < \(idempotencyKey.since)
                        OR EXISTS (SELECT 1 FROM trashed_entries WHERE trashed_entries.entry_id = idempotency_keys.entry_id)
                    RETURNING 1
                    """,
                    logger: logger
                ).first { _ in true } ?? false
                guard claimed else { throw StorageError.unavailable("Another request with the same Idempotency-Key is being saved.") }
            }
            return .created(entry)
        }
    }

    /// Reads one entry outside the trash, with its photos.
    public func entry(id: Entry.ID) async throws -> Entry? {
        try await reading { connection in
            try await connection.run(EntryByID.self, logger: logger, binding: { $0.append(id.key) }) { try $0.entry() }.first
        }
    }

    /// Puts the entry in the trash unless it is there already.
    public func deleteEntry(id: Entry.ID, at date: Date) async throws -> Bool {
        try await writing { connection in
            try await lock(.trash, on: connection)
            return try await connection.query(
                """
                INSERT INTO trashed_entries (entry_id, deleted_at) SELECT id, \(date.toMilliseconds) FROM entries WHERE id = \(id.key)
                ON CONFLICT DO NOTHING RETURNING 1
                """,
                logger: logger
            ).first { _ in true } ?? false
        }
    }

    /// Reads a page of a list: one query, whichever the list. Each condition is `EntryScope.contains` in SQL; the
    /// conformance suite checks that they agree.
    public func entries(_ scope: EntryScope, page: PageRequest) async throws -> [Paged<Entry>] {
        try await reading { connection in
            switch scope {
            case .home(let viewer):
                try await collect(connection.execute(StreamPage<HomeStreams>(viewer: viewer.key, page: page), logger: logger))
            case .journal(let viewer):
                try await collect(connection.execute(StreamPage<JournalStreams>(viewer: viewer.key, page: page), logger: logger))
            case .everyonePublic:
                try await pageOf(PublicPage.self, author: nil, page: page, on: connection)
            case .author(let author, let viewer) where viewer == author:
                try await pageOf(OwnPage.self, author: author, page: page, on: connection)
            case .author(let author, _):
                try await pageOf(AuthorPage.self, author: author, page: page, on: connection)
            case .marked(let account):
                try await fetchEntries(
                    on: connection, join: "JOIN marks ON marks.entry_id = entries.id",
                    where: "marks.account_id = \(account.key) \(Self.window(page, column: "marks.id"))", cursor: "marks.id", limit: page.limit
                )
            case .tag(let tag):
                try await fetchEntries(
                    on: connection, join: "JOIN entry_tags ON entry_tags.entry_id = entries.id",
                    where: "entry_tags.tag = \(tag) \(Self.window(page, column: "entry_tags.entry_id"))", cursor: "entry_tags.entry_id",
                    limit: page.limit
                )
            case .thread(let root):
                try await fetchEntries(
                    on: connection, where: "(entries.reply_root = \(root.key) OR entries.id = \(root.key)) \(Self.window(page))", limit: page.limit
                )
            }
        }
    }

    /// A page of one of the fixed page queries: `$1` max, `$2` since, `$3` limit, and `$4` the author when there is one.
    private func pageOf<Query: FixedQuery>(
        _ query: Query.Type, author: Account.ID?, page: PageRequest, on connection: PostgresConnection
    ) async throws -> [Paged<Entry>] {
        try await connection.run(query, logger: logger, binding: { bindings in
            bindings.append(page.maxCursor ?? .max)
            bindings.append(page.sinceCursor ?? 0)
            bindings.append(Int64(page.limit))
            if let author { bindings.append(author.key) }
        }) { try $0.pagedEntry() }
    }

    /// Every element of a sequence, in order.
    private func collect<Rows: AsyncSequence>(_ rows: Rows) async throws -> [Rows.Element] {
        var elements: [Rows.Element] = []
        for try await element in rows {
            elements.append(element)
        }
        return elements
    }

    /// The SQL `AND column < max AND column > since` of a page, with the values bound.
    static func window(_ page: PageRequest, column: String = "entries.id") -> SQL {
        "AND \(raw: column) < \(page.maxCursor ?? .max) AND \(raw: column) > \(page.sinceCursor ?? 0)"
    }

    /// Inserts a new entry, its photos and its first revision, and returns the entry as a read would give it.
    func insertEntry(_ new: NewEntry, on connection: PostgresConnection) async throws -> Entry {
        let content = new.content
        let createdAt = new.createdAt.toMilliseconds
        let thread = try EntryReply.storedValues(new.reply, mentions: new.mentions)
        let insert: SQL = """
            INSERT INTO entries (author_id, revision, created_at, \(raw: Self.threadNames), \(raw: EntryColumn.contentNames))
            VALUES (\(new.author.key), 1, \(createdAt), \(SQL.values(thread)), \(SQL.contentValues(content)))
            RETURNING id
            """
        let id = try await connection.query(try insert.query, logger: logger).first { try $0.decode(Int64.self) }
        guard let id else { throw CorruptRow(description: "an insert of an entry returned no ID") }
        if let reply = new.reply {
            let parentPath = try await connection.query(
                "SELECT thread_path FROM entries WHERE id = \(reply.parent.key)", logger: logger
            ).first { try $0.decode(String?.self) } ?? nil
            let path = ThreadPath.path(of: id, parentPath: parentPath ?? ThreadPath.segment(reply.parent.key))
            try await connection.execute("UPDATE entries SET thread_path = \(path) WHERE id = \(id)", logger: logger)
        }
        try await insertPhotos(content.photos, of: id, on: connection)
        try await insertTags(of: content.body, entry: id, on: connection)
        let entry = Entry(
            id: Entry.ID(integer: id), author: new.author, content: content, revision: 1, createdAt: createdAt,
            reply: new.reply, mentions: new.mentions
        )
        try await insertRevision(entry, at: createdAt, on: connection)
        for (recipient, kind) in new.notify.sorted(by: { $0.key.key < $1.key.key }) {
            try await insertNotification(to: recipient, kind, by: new.author, entry: entry.id, at: createdAt, on: connection)
        }
        return entry
    }

    /// Records the tags a text has (`EntryText`) as a new entry's, in one statement; an edit deletes the old ones first.
    func insertTags(of body: String, entry: Int64, on connection: PostgresConnection) async throws {
        let tags = EntryText.tags(of: body)
        guard !tags.isEmpty else { return }
        try await connection.execute(
            "INSERT INTO entry_tags (tag, entry_id) SELECT tag, \(entry) FROM unnest(\(tags)::TEXT[]) AS tag", logger: logger
        )
    }

    /// Writes an entry's photos in their order, in one statement.
    func insertPhotos(_ photos: [AttachedPhoto], of entry: Int64, on connection: PostgresConnection) async throws {
        guard !photos.isEmpty else { return }
        try await connection.execute(
            """
            INSERT INTO entry_photos (entry_id, position, photo_id, alt)
            SELECT \(entry), photo.position - 1, photo.id, photo.alt
            FROM unnest(\(photos.map(\.id.key))::BIGINT[], \(photos.map(\.alt))::TEXT[]) WITH ORDINALITY AS photo(id, alt, position)
            """,
            logger: logger
        )
    }

    /// Keeps an entry's value whole as its revision `entry.revision`.
    func insertRevision(_ entry: Entry, at date: Date, on connection: PostgresConnection) async throws {
        let value = String(decoding: try QwinkleJSON.encode(entry), as: UTF8.self)
        try await connection.execute(
            """
            INSERT INTO entry_revisions (entry_id, revision, value, created_at)
            VALUES (\(entry.id.key), \(entry.revision), \(value), \(date.toMilliseconds))
            """,
            logger: logger
        )
    }

    /// Reads entries matching a condition, outside the trash or in it, newest first by `cursor`, photos included.
    /// Every read of whole entries comes here, so lists and single entries leave the trash out in this one place.
    func fetchEntries(
        on connection: PostgresConnection, in place: EntryPlace = .outsideTrash, join: String = "", where condition: SQL,
        cursor: String = "entries.id", limit: Int? = nil
    ) async throws -> [Paged<Entry>] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        let query: SQL = """
            SELECT \(raw: Self.entryColumns), \(raw: cursor) FROM entries \(raw: join)
            WHERE (\(condition)) AND \(raw: place.condition(on: "entries.id")) ORDER BY \(raw: cursor) DESC \(limitClause)
            """
        return try await connection.query(try query.query, logger: logger).map { try $0.pagedEntry() }
    }
}
