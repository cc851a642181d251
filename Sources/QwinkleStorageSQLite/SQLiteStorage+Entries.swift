import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: EntryStore {
    /// Inserts the entry, its photos and its first revision in one transaction; a known idempotency key
    /// returns the entry it made instead.
    public func createEntry(_ new: NewEntry, idempotencyKey: IdempotencyKey?) async throws -> EntryCreation {
        try await commits.write { db in
            if let idempotencyKey {
                // A key is forgotten when it has expired or its entry is in the trash.
                try db.execute(
                    cached: """
                        DELETE FROM idempotency_keys WHERE account_id = ? AND key = ?
                            AND (created_at < ? OR entry_id IN (SELECT entry_id FROM trashed_entries))
                        """,
                    arguments: [new.author.key, idempotencyKey.key, idempotencyKey.since]
                )
                if let previous = try Int64.fetchOne(
                    db, cached: "SELECT entry_id FROM idempotency_keys WHERE account_id = ? AND key = ?",
                    arguments: [new.author.key, idempotencyKey.key]
                ), let entry = try Self.fetchEntry(db, id: previous) {
                    return .replayed(entry)
                }
            }
            let entry = try Self.insertEntry(new, in: db)
            if let draft = new.draft { try Self.shared(db) { try await $0.deletePostedDraft(draft, of: new.author) } }
            if let idempotencyKey {
                try db.execute(
                    cached: "INSERT INTO idempotency_keys (account_id, key, entry_id, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [new.author.key, idempotencyKey.key, entry.id.key, new.createdAt]
                )
            }
            return .created(entry)
        }
    }

    /// Reads one entry outside the trash, with its photos.
    public func entry(id: Entry.ID) async throws -> Entry? {
        try reading { db in
            try Self.fetchEntry(db, id: id.key)
        }
    }

    /// Puts the entry in the trash unless it is there already; its photos' attachments, revisions, marks and
    /// idempotency keys stay as they are, for a restore.
    public func deleteEntry(id: Entry.ID, at date: Date) async throws -> Bool {
        try await commits.write { db in
            try db.execute(
                cached: "INSERT INTO trashed_entries (entry_id, deleted_at) SELECT id, ? FROM entries WHERE id = ? ON CONFLICT DO NOTHING",
                arguments: [date, id.key]
            )
            return db.changesCount > 0
        }
    }

    /// Reads a page of a list.
    public func entries(_ scope: EntryScope, page: PageRequest) async throws -> [Paged<Entry>] {
        try reading { db in
            switch Self.read(scope) {
            case .merge(let streams):
                let ids = try streams.pageIDs(db, page: page)
                guard !ids.isEmpty else { return [] }
                return try Self.fetchEntries(db, where: "entries.id IN \(Self.placeholders(ids.count))", arguments: ids)
            case .query(let condition, let arguments, let cursor, let join):
                let window = Self.pageWindow(page, column: cursor)
                return try Self.fetchEntries(
                    db, join: join, where: condition + window.sql, arguments: arguments + window.arguments,
                    cursor: cursor, limit: page.limit
                )
            }
        }
    }

    /// How a scope is read: one query, or a merge of whole authors' streams.
    private enum ScopeRead {
        /// One query: the condition narrowing entries, its arguments, the cursor column and any join.
        case query(condition: String, arguments: [any DatabaseValueConvertible], cursor: String, join: String)
        /// A merge of each author's newest entries.
        case merge(AuthorStreams)
    }

    /// How to read a scope. Each condition is `EntryScope.contains` written in SQL, for one query or for each
    /// author's stream; the conformance suite checks that they agree.
    private static func read(_ scope: EntryScope) -> ScopeRead {
        switch scope {
        case .home(let viewer):
            .merge(.home(viewer: viewer.key))
        case .journal(let viewer):
            .merge(.journal(viewer: viewer.key))
        case .everyonePublic:
            .query(condition: "entries.visibility = 'public'", arguments: [], cursor: "entries.id", join: "")
        case .author(let author, let viewer) where viewer == author:
            .query(condition: "entries.author_id = ?", arguments: [author.key], cursor: "entries.id", join: "")
        case .author(let author, _):
            .query(condition: "entries.author_id = ? AND entries.visibility <> 'private'", arguments: [author.key], cursor: "entries.id", join: "")
        case .marked(let account):
            .query(condition: "marks.account_id = ?", arguments: [account.key], cursor: "marks.id", join: "JOIN marks ON marks.entry_id = entries.id")
        case .tag(let tag):
            .query(condition: "entry_tags.tag = ?", arguments: [tag], cursor: "entry_tags.entry_id", join: "JOIN entry_tags ON entry_tags.entry_id = entries.id")
        case .thread(let root):
            .query(condition: "entries.reply_root = ? OR entries.id = ?", arguments: [root.key, root.key], cursor: "entries.id", join: "")
        }
    }

    /// Inserts a new entry, its photos and its first revision, and returns the entry as a read would give it.
    ///
    /// Nothing is read back: the time goes through the conversion a read makes, so the entry equals what every later
    /// read gives (the time as stored, to the millisecond), and a replay of its idempotency key equals it too.
    /// Reading the row back cost a tenth of a post.
    static func insertEntry(_ new: NewEntry, in db: Database, encoder: JSONEncoder = QwinkleJSON.makeEncoder()) throws -> Entry {
        let content = new.content
        let createdAt = new.createdAt.databaseValue
        let thread = try EntryReply.storedValues(new.reply, mentions: new.mentions).map(\.bound)
        try db.execute(
            cached: """
                INSERT INTO entries (author_id, revision, created_at, \(threadNames), \(EntryColumn.contentNames))
                VALUES (?, 1, ?, \(threadPlaceholders), \(contentPlaceholders))
                """,
            arguments: StatementArguments([new.author.key, createdAt] + thread + content.boundValues)
        )
        let id = db.lastInsertedRowID
        if let reply = new.reply {
            let parentPath = try String.fetchOne(
                db, cached: "SELECT thread_path FROM entries WHERE id = ?", arguments: [reply.parent.key]
            ) ?? ThreadPath.segment(reply.parent.key)
            try db.execute(
                cached: "UPDATE entries SET thread_path = ? WHERE id = ?",
                arguments: [ThreadPath.path(of: id, parentPath: parentPath), id]
            )
        }
        try insertPhotos(content.photos, of: id, in: db)
        try insertTags(of: content.body, entry: id, in: db)
        guard let storedTime = Date.fromDatabaseValue(createdAt) else { throw CorruptRow(description: "an unreadable time \(createdAt)") }
        let entry = Entry(
            id: Entry.ID(integer: id), author: new.author, content: content, revision: 1, createdAt: storedTime,
            reply: new.reply, mentions: new.mentions
        )
        try insertRevision(entry, at: new.createdAt, in: db, encoder: encoder)
        for (recipient, kind) in new.notify.sorted(by: { $0.key.key < $1.key.key }) {
            try insertNotification(to: recipient, kind, by: new.author, entry: entry.id, at: new.createdAt, in: db)
        }
        return entry
    }

    /// Records the tags a text has (`EntryText`) as a new entry's; an edit deletes the old ones first.
    static func insertTags(of body: String, entry: Int64, in db: Database) throws {
        for tag in EntryText.tags(of: body) {
            try db.execute(cached: "INSERT INTO entry_tags (tag, entry_id) VALUES (?, ?)", arguments: [tag, entry])
        }
    }

    /// The photos of these entries, each entry's in order, in one query.
    static func photos(of ids: [Int64], in db: Database) throws -> [Int64: [AttachedPhoto]] {
        guard !ids.isEmpty else { return [:] }
        var photos: [Int64: [AttachedPhoto]] = [:]
        try Row.forEach(
            db,
            cached: "SELECT entry_id, photo_id, alt FROM entry_photos WHERE entry_id IN \(placeholders(ids.count)) ORDER BY entry_id, position",
            arguments: StatementArguments(ids)
        ) { row in
            photos[row[0], default: []].append(AttachedPhoto(id: Photo.ID(integer: row[1]), alt: row[2]))
        }
        return photos
    }

    /// Writes an entry's photos in their order.
    static func insertPhotos(_ photos: [AttachedPhoto], of entry: Int64, in db: Database) throws {
        for (position, photo) in photos.enumerated() {
            try db.execute(
                cached: "INSERT INTO entry_photos (entry_id, position, photo_id, alt) VALUES (?, ?, ?, ?)",
                arguments: [entry, position, photo.id.key, photo.alt]
            )
        }
    }

    /// Keeps an entry's value whole as its revision `entry.revision`.
    static func insertRevision(
        _ entry: Entry, at date: Date, in db: Database, encoder: JSONEncoder = QwinkleJSON.makeEncoder()
    ) throws {
        try db.execute(
            cached: "INSERT INTO entry_revisions (entry_id, revision, value, created_at) VALUES (?, ?, ?, ?)",
            arguments: [entry.id.key, entry.revision, String(decoding: try encoder.encode(entry), as: UTF8.self), date]
        )
    }

    /// Reads one entry with its photos, from outside the trash or from it.
    static func fetchEntry(_ db: Database, id: Int64, in place: EntryPlace = .outsideTrash) throws -> Entry? {
        try fetchEntries(db, in: place, where: "entries.id = ?", arguments: [id]).first?.item
    }

    /// Reads entries matching a condition, outside the trash or in it, newest first by `cursor`, with all their
    /// photos in one more query. Every read of whole entries comes here, so lists and single entries leave the
    /// trash out in this one place.
    static func fetchEntries(
        _ db: Database, in place: EntryPlace = .outsideTrash, join: String = "", where condition: String,
        arguments: [any DatabaseValueConvertible], cursor: String = "entries.id", limit: Int? = nil
    ) throws -> [Paged<Entry>] {
        let limitClause = limit.map { " LIMIT \($0)" } ?? ""
        // The photos are read after, by the entries' IDs, so each row is decoded while its statement is on it.
        var entries = try Row.fetchAll(
            db,
            cached: """
                SELECT \(entryColumns), \(cursor) AS cursor FROM entries \(join)
                WHERE (\(condition)) AND \(place.condition(on: "entries.id")) ORDER BY \(cursor) DESC\(limitClause)
                """,
            arguments: StatementArguments(arguments)
        ) { row in
            Paged(cursor: row[entryCursorColumn], item: try row.entry(photos: []))
        }
        guard !entries.isEmpty else { return [] }
        let photos = try photos(of: entries.map { $0.item.id.key }, in: db)
        guard !photos.isEmpty else { return entries }
        for index in entries.indices {
            if let attached = photos[entries[index].item.id.key] { entries[index].item.content.photos = attached }
        }
        return entries
    }
}
