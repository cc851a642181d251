import Foundation
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQLite
import Testing

/// What only the SQLite backend promises: a file that opens again as it was left.
///
/// Two server processes on one file, and commits synced to disk, are checked with real `qwinkle serve` processes
/// in the server tests (`ServeProcessTests`).
@Suite("SQLite storage")
struct SQLiteStorageTests {
    @Test("Closed and opened again, the file has everything, and the migrations do not run again over it")
    func reopen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("qwinkle.sqlite")
        let first = try SQLiteStorage(path: path)
        let abe = try await first.createAccount(named: "abe")
        let entry = try await first.post(by: abe.id, .journal, body: "Kept")
        try first.close()
        // Closing the last connection checkpoints the log into the file and removes it: what is left is the file alone.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        await #expect(throws: (any Error).self, "a closed storage is not used") { try await first.account(username: "abe") }

        let again = try SQLiteStorage(path: path)
        #expect(try await again.account(username: "abe") == abe)
        #expect(try await again.entry(id: entry.id) == entry)
        #expect(try await again.synchronousSetting() == 2)
        let mary = try await again.createAccount(named: "mary")
        #expect(mary.id != abe.id)
        #expect(try await again.account(id: mary.id) == mary)
    }
}
