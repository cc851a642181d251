import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

// Creating and deleting entries are shared (`SQLDatabase+Entries.swift`); a page of a list and one entry are read
// here, with prepared statements and the home timeline's merge in one query.
extension PostgresStorage: EntryStore {
    /// Reads one entry outside the trash, with its photos.
    public func entry(id: Entry.ID) async throws -> Entry? {
        try await reading { connection in
            try await connection.run(EntryByID.self, logger: logger, binding: { $0.append(id.key) }) { try $0.entry() }.first
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
                    where: "marks.account_id = \(account.key)\(QwinkleStorageSQL.SQL.pageWindow(page, column: "marks.id"))", cursor: "marks.id", limit: page.limit
                )
            case .bookmarked(let account):
                try await fetchEntries(
                    on: connection, join: "JOIN bookmarks ON bookmarks.entry_id = entries.id",
                    where: "bookmarks.account_id = \(account.key)\(QwinkleStorageSQL.SQL.pageWindow(page, column: "bookmarks.id"))", cursor: "bookmarks.id",
                    limit: page.limit
                )
            case .pinned(let author):
                try await fetchEntries(
                    on: connection, join: "JOIN pins ON pins.entry_id = entries.id",
                    where: "pins.account_id = \(author.key)\(QwinkleStorageSQL.SQL.pageWindow(page, column: "pins.id"))", cursor: "pins.id", limit: page.limit
                )
            case .tag(let tag):
                try await fetchEntries(
                    on: connection, join: "JOIN entry_tags ON entry_tags.entry_id = entries.id",
                    where: "entry_tags.tag = \(tag)\(QwinkleStorageSQL.SQL.pageWindow(page, column: "entry_tags.entry_id"))", cursor: "entry_tags.entry_id",
                    limit: page.limit
                )
            case .thread(let root):
                try await fetchEntries(
                    on: connection, where: "(entries.reply_root = \(root.key) OR entries.id = \(root.key))\(QwinkleStorageSQL.SQL.pageWindow(page, column: "entries.id"))", limit: page.limit
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

    /// Entries matching a condition, newest first by `cursor`, photos included (`SQLConnection.entries`).
    func fetchEntries(
        on connection: PostgresConnection, in place: EntryPlace = .outsideTrash, join: String = "",
        where condition: QwinkleStorageSQL.SQL, cursor: String = "entries.id", limit: Int? = nil
    ) async throws -> [Paged<Entry>] {
        try await sql(connection).entries(in: place, join: join, where: condition, cursor: cursor, limit: limit)
    }
}
