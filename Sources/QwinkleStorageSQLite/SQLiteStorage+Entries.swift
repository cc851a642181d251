import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

// Creating and deleting entries are shared (`SQLDatabase+Entries.swift`); a page of a list is read here, by a merge
// of authors' streams for the home and journal timelines.
extension SQLiteStorage: EntryStore {
    /// Reads one entry outside the trash, with its photos.
    public func entry(id: Entry.ID) async throws -> Entry? {
        try await read { connection in try await connection.entry(id: id) }
    }

    /// Reads a page of a list.
    public func entries(_ scope: EntryScope, page: PageRequest) async throws -> [Paged<Entry>] {
        try reading { db in
            switch Self.read(scope) {
            case .merge(let streams):
                let ids = try streams.pageIDs(db, page: page)
                guard !ids.isEmpty else { return [] }
                return try Self.shared(db) { try await $0.entries(where: "entries.id IN (\(list: ids))") }
            case ScopeRead.query(let condition, let cursor, let join):
                return try Self.shared(db) { connection in
                    try await connection.entries(
                        join: join, where: "\(condition)\(QwinkleStorageSQL.SQL.pageWindow(page, column: cursor))", cursor: cursor, limit: page.limit
                    )
                }
            }
        }
    }

    /// How a scope is read: one query, or a merge of whole authors' streams.
    private enum ScopeRead {
        /// One query: the condition narrowing entries, the cursor column and any join.
        case query(condition: QwinkleStorageSQL.SQL, cursor: String, join: String)
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
            .query(condition: "entries.visibility = 'public' AND entries.unlisted = 0", cursor: "entries.id", join: "")
        case .author(let author, let viewer) where viewer == author:
            .query(condition: "entries.author_id = \(author.key)", cursor: "entries.id", join: "")
        case .author(let author, _):
            .query(condition: "entries.author_id = \(author.key) AND entries.visibility <> 'private'", cursor: "entries.id", join: "")
        case .marked(let account):
            .query(condition: "marks.account_id = \(account.key)", cursor: "marks.id", join: "JOIN marks ON marks.entry_id = entries.id")
        case .bookmarked(let account):
            .query(condition: "bookmarks.account_id = \(account.key)", cursor: "bookmarks.id", join: "JOIN bookmarks ON bookmarks.entry_id = entries.id")
        case .pinned(let author):
            .query(condition: "pins.account_id = \(author.key)", cursor: "pins.id", join: "JOIN pins ON pins.entry_id = entries.id")
        case .tag(let tag):
            .query(condition: "entry_tags.tag = \(tag)", cursor: "entry_tags.entry_id", join: "JOIN entry_tags ON entry_tags.entry_id = entries.id")
        case .thread(let root):
            .query(condition: "(entries.reply_root = \(root.key) OR entries.id = \(root.key))", cursor: "entries.id", join: "")
        }
    }
}

// The shared operations, for the synchronous paths not yet written once.
extension SQLiteStorage {
    /// Inserts a new entry as `createEntry` does (`SQLConnection.insertEntry`).
    static func insertEntry(_ new: NewEntry, in db: Database, encoder: JSONEncoder = QwinkleJSON.makeEncoder()) throws -> Entry {
        try shared(db) { try await $0.insertEntry(new, encoder: encoder) }
    }

    /// Entries matching a condition with their photos (`SQLConnection.entries`).
    static func fetchEntries(_ db: Database, where condition: QwinkleStorageSQL.SQL) throws -> [Paged<Entry>] {
        try shared(db) { try await $0.entries(where: condition) }
    }

    /// One entry with its photos, from outside the trash or from it.
    static func fetchEntry(_ db: Database, id: Int64, in place: EntryPlace = .outsideTrash) throws -> Entry? {
        try shared(db) { try await $0.entry(id: Entry.ID(integer: id), in: place) }
    }

    /// The entries among these IDs that are outside the trash.
    static func entries(ids: [Entry.ID], in db: Database) throws -> [Entry] {
        try shared(db) { try await $0.entries(ids: ids) }
    }

    /// The compare-and-set of an edit (`SQLConnection.applyEdit`).
    static func applyEdit(_ entry: Entry, expectedRevision: Int, in db: Database) throws -> Bool {
        try shared(db) { try await $0.applyEdit(entry, expectedRevision: expectedRevision) }
    }

    /// Who wrote each direct reply to these entries and for whom, in one statement.
    static func replyAudiences(to entries: [Entry.ID], in db: Database) throws -> [Entry.ID: [EntryAudience]] {
        try shared(db) { try await $0.replyAudiences(to: entries) }
    }
}
