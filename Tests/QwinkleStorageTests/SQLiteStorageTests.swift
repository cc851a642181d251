import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQLite
import Testing

/// What only the SQLite backend promises: durable commits, and a file that opens again as it was left.
@Suite("SQLite storage")
struct SQLiteStorageTests {
    @Test("Every committed write is synced to disk (synchronous = FULL)")
    func synchronousFull() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let storage = try SQLiteStorage(path: directory.file("qwinkle.sqlite"))

        #expect(try await storage.synchronousSetting() == 2)
    }

    @Test("Opening the file again finds everything, and the migrations do not run again over it")
    func reopen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("qwinkle.sqlite")
        let first = try SQLiteStorage(path: path)
        let abe = try await first.createAccount(named: "abe")
        let entry = try await first.post(by: abe.id, .journal, body: "Kept")

        let again = try SQLiteStorage(path: path)
        #expect(try await again.account(username: "abe") == abe)
        #expect(try await again.entry(id: entry.id) == entry)
        #expect(try await again.synchronousSetting() == 2)
        let mary = try await again.createAccount(named: "mary")
        #expect(mary.id != abe.id)
        #expect(try await first.account(id: mary.id) == mary)
    }

    @Test("Two storages on one file, as two server processes would share it, still make one entry per idempotency key")
    func twoProcesses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let storages = try [SQLiteStorage(path: directory.file("qwinkle.sqlite")), SQLiteStorage(path: directory.file("qwinkle.sqlite"))]
        let abe = try await storages[0].createAccount(named: "abe")
        let key = IdempotencyKey(key: "retried", since: StorageFixtures.time(0))

        let ids = try await StorageFixtures.concurrently(50) { attempt in
            try await storages[attempt % 2].post(by: abe.id, body: "Attempt \(attempt)", at: StorageFixtures.time(1), key: key).entry.id
        }
        #expect(Set(ids).count == 1)
        #expect(try await storages[1].ids(in: .author(abe.id, viewer: abe.id)) == Array(Set(ids)))
    }
}
