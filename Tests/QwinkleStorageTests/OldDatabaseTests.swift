import Foundation
import QwinkleKit
import QwinkleStorage
import QwinkleStoragePostgres
import QwinkleStorageSQL
import QwinkleStorageSQLite
import QwinkleTestSupport
import Testing

/// Databases made by an earlier build keep reading, unchanged, after the migrations a later build brings.
///
/// `Fixtures/` keeps, for each of `versions`, one database per backend written by `OldDatabase.write` with the build
/// of that schema version (the SQLite file itself, and a `pg_dump` of the PostgreSQL schema with its name replaced by
/// `__SCHEMA__`): schema 9, the oldest kept, and schema 19, written by the build that brought it, so that what a later
/// migration changes is tried on a database as today's build writes it. Each test opens that database with this
/// build, which migrates it, and reads everything back exactly as the same writes read from a new database.
///
/// To keep the current schema too, add its version to `versions` and run these tests with
/// `QWINKLE_WRITE_OLD_DATABASES=1` (and `QWINKLE_TEST_DATABASE`): the SQLite file of the current version is written,
/// and the PostgreSQL schema `old_database` is left for `pg_dump --schema=old_database --inserts --no-owner
/// --no-privileges --no-comments URL | grep -v -e '^SET ' -e '^SELECT pg_catalog.set_config' -e '^\\' | sed
/// 's/old_database/__SCHEMA__/g' > Fixtures/schema-N.postgres.sql` to write.
@Suite("Databases made by an earlier build")
struct OldDatabaseTests {
    /// The folder of the kept databases.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// Whether this run writes the newest version's fixtures instead of reading them.
    static let writing = ProcessInfo.processInfo.environment["QWINKLE_WRITE_OLD_DATABASES"] == "1"
    /// The schema versions kept, by the number of SQLite's migrations (PostgreSQL counts one fewer since schema 10).
    static let versions = [9, 19]
    /// The newest kept, which a writing run writes.
    static let current = versions[versions.count - 1]

    @Test("A SQLite file of a kept schema opens, migrates, and reads back every entry, revision, scheduled entry and draft", arguments: versions)
    func sqlite(version: Int) async throws {
        let kept = Self.fixtures.appendingPathComponent("schema-\(version).sqlite")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        if Self.writing, version == Self.current {
            try? FileManager.default.removeItem(at: kept)
            let storage = try SQLiteStorage(path: kept.path)
            try await OldDatabase.write(to: storage)
            try storage.close()
        }
        let old = directory.file("old.sqlite")
        try FileManager.default.copyItem(at: kept, to: URL(fileURLWithPath: old))
        let migrated = try SQLiteStorage(path: old)
        defer { try? migrated.close() }
        let fresh = try SQLiteStorage(path: directory.file("fresh.sqlite"))
        defer { try? fresh.close() }
        try await OldDatabase.write(to: fresh)
        let read = try await OldDatabase.read(migrated)
        #expect(read.entries.count == 4 && read.scheduled.count == 1 && read.drafts.count == 1, "the kept file has what was written")
        #expect(read.counts.values.map(\.entries) == [2], "the update and the dream for followers")
        #expect(read == (try await OldDatabase.read(fresh)))
        #expect(try await OldDatabase.followersHome(migrated) == OldDatabase.abeForFollowers)
    }

    @Test(
        "A PostgreSQL schema of a kept version migrates when a server starts on it, and reads back everything as a new one does",
        .enabled(if: PostgresTestDatabase.url != nil, Comment(rawValue: PostgresTestDatabase.skipNotice)), arguments: versions
    )
    func postgres(version: Int) async throws {
        let kept = Self.fixtures.appendingPathComponent("schema-\(version).postgres.sql")
        if Self.writing, version == Self.current {
            // Left for pg_dump to keep (see the suite's note).
            try? await PostgresTestDatabase.dropSchema("old_database")
            try await PostgresTestDatabase.storage(schema: "old_database").withRunning { try await OldDatabase.write(to: $0) }
            return
        }
        let old = PostgresTestDatabase.newSchema()
        let fresh = PostgresTestDatabase.newSchema()
        defer {
            Task {
                try? await PostgresTestDatabase.dropSchema(old)
                try? await PostgresTestDatabase.dropSchema(fresh)
            }
        }
        for statement in try OldDatabase.statements(String(contentsOf: kept, encoding: .utf8), schema: old) {
            _ = try await PostgresTestDatabase.query(statement, as: Int.self)
        }
        let (read, home) = try await PostgresTestDatabase.storage(schema: old).withRunning { storage in
            (try await OldDatabase.read(storage), try await OldDatabase.followersHome(storage))
        }
        #expect(read.entries.count == 4 && read.scheduled.count == 1 && read.drafts.count == 1, "the kept schema has what was written")
        #expect(home == OldDatabase.abeForFollowers)
        #expect(read.counts.values.map(\.entries) == [2], "the update and the dream for followers")
        let expected = try await PostgresTestDatabase.storage(schema: fresh).withRunning { storage in
            try await OldDatabase.write(to: storage)
            return try await OldDatabase.read(storage)
        }
        #expect(read == expected)
    }
}

/// What the kept databases hold, and how it is read back.
enum OldDatabase {
    /// Everything read back, for comparing two databases.
    struct Snapshot: Equatable {
        var entries: [Entry]
        var revisions: [[Entry]]
        var scheduled: [ScheduledEntry]
        var drafts: [Draft]
        var counts: [Account.ID: AccountCounts]
    }

    /// Two accounts; an update with a photo, a journal entry edited once, a dream for followers and an imported
    /// journal entry; an entry scheduled for later; a draft. Every time and photo hash is fixed, so two databases
    /// written alike read alike.
    static func write(to storage: some Storage) async throws {
        let abe = try await storage.createAccount(named: "abe")
        _ = try await storage.createAccount(named: "mary", at: StorageFixtures.time(1))
        let photo = try await storage.createPhoto(NewPhoto(
            uploader: abe.id, sha256: String(repeating: "ab", count: 32), contentType: "image/png", byteSize: 1_234, createdAt: StorageFixtures.time(2)
        )).photo
        _ = try await storage.post(by: abe.id, body: "A red door", photos: [AttachedPhoto(id: photo.id, alt: "The door")], at: StorageFixtures.time(10))
        var journal = try await storage.post(by: abe.id, .journal, kind: .journal, body: "Dear diary", at: StorageFixtures.time(20))
        journal.body = "Dear diary, again"
        journal.revision = 2
        journal.editedAt = StorageFixtures.time(30)
        try #require(try await storage.updateEntry(journal, expectedRevision: 1))
        _ = try await storage.post(by: abe.id, .followers, kind: .dream(try StorageFixtures.dream()), body: "Unicorns in the rain", at: StorageFixtures.time(40))
        _ = try await storage.importEntries(
            [ImportedEntry(
                sourceID: "2026-01-01 jrnl",
                revisions: [ImportedRevision(content: EntryContent(kind: .journal, body: "From jrnl", visibility: .private), date: StorageFixtures.time(5))],
                editedAt: nil, marked: true
            )],
            author: abe.id, origin: "jrnl", at: StorageFixtures.time(50)
        )
        _ = try await storage.scheduleEntry(
            NewScheduledEntry(author: abe.id, content: EntryContent(kind: .update, body: "Later", visibility: .followers), scheduledAt: StorageFixtures.time(100_000)),
            limit: 100
        )
        _ = try await storage.createDraft(
            NewDraft(owner: abe.id, content: EntryContent(kind: .update, body: "Not yet", visibility: .private), createdAt: StorageFixtures.time(60))
        )
    }

    /// Abe's entries as he sees them, each one's revisions, his scheduled entries, his drafts and his counts (which a
    /// migration made from the tables).
    static func read(_ storage: some Storage) async throws -> Snapshot {
        guard let abe = try await storage.account(username: "abe") else { return Snapshot(entries: [], revisions: [], scheduled: [], drafts: [], counts: [:]) }
        let entries = try await storage.entries(.author(abe.id, viewer: abe.id), page: PageRequest(limit: 100)).map(\.item)
        var revisions: [[Entry]] = []
        for entry in entries { revisions.append(try await storage.revisions(of: entry.id)) }
        return Snapshot(
            entries: entries, revisions: revisions, scheduled: try await storage.scheduledEntries(of: abe.id),
            drafts: try await storage.drafts(of: abe.id, page: PageRequest(limit: 100)).map(\.item),
            counts: try await storage.counts(of: [abe.id])
        )
    }

    /// What abe's followers see of him, newest first.
    static let abeForFollowers = ["Unicorns in the rain", "A red door"]

    /// Mary's home timeline once she follows abe, as bodies: his entries for everyone and for followers, found from the
    /// head that the migration kept for him (the newest of them), so a migrated database's home pages are checked.
    static func followersHome(_ storage: some Storage) async throws -> [String] {
        guard let abe = try await storage.account(username: "abe"), let mary = try await storage.account(username: "mary") else { return [] }
        try await storage.follow(mary.id, abe.id, at: StorageFixtures.time(70))
        return try await storage.entries(.home(viewer: mary.id), page: PageRequest(limit: 20)).map(\.item.body)
    }

    /// The kept dump's statements for a schema named `schema`, one per query: cut where a line ends with `;` outside a
    /// function's `$$`-quoted body, as the migrations are cut (no text written by `write(to:)` ends a line with one).
    static func statements(_ dump: String, schema: String) -> [String] {
        PostgresStorage.statements(of: dump.replacingOccurrences(of: "__SCHEMA__", with: schema), terminator: ";\n")
            .map { statement in statement.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n") }
            .filter { !$0.allSatisfy(\.isWhitespace) }
    }
}
