import Foundation
import GRDB
import QwinkleClient
import QwinkleKit
import Testing

/// The offline database's file: its format and version are checked before anything in it is touched.
@Suite struct OfflineStoreTests {
    @Test func aNewDatabaseRecordsItsFormatAndOpensAgain() throws {
        let bed = try OfflineTestBed()
        _ = try bed.openStore()
        let (name, version) = try DatabaseQueue(path: bed.storePath).read { db in
            (try String.fetchOne(db, sql: "SELECT name FROM offline_format"), try Int.fetchOne(db, sql: "SELECT version FROM offline_format"))
        }
        #expect(name == "qwinkle.offline")
        #expect(version == OfflineStore.formatVersion)
        _ = try bed.openStore()
    }

    @Test func aDatabaseFromANewerQwinkleIsRefusedUnchanged() throws {
        let bed = try OfflineTestBed()
        _ = try bed.openStore()
        try DatabaseQueue(path: bed.storePath).write { db in
            try db.execute(sql: "UPDATE offline_format SET version = ?", arguments: [OfflineStore.formatVersion + 1])
            try db.execute(sql: "CREATE TABLE from_the_future (id INTEGER PRIMARY KEY)")
        }

        let error = #expect(throws: OfflineError.self) { try bed.openStore() }
        #expect(error == .unreadable(
            path: bed.storePath,
            .unsupportedVersion(format: "qwinkle.offline", found: OfflineStore.formatVersion + 1, readable: 1...OfflineStore.formatVersion)
        ))
        #expect(error?.description.contains("written by a newer Qwinkle") == true)
        let version = try DatabaseQueue(path: bed.storePath).read { db in try Int.fetchOne(db, sql: "SELECT version FROM offline_format") }
        #expect(version == OfflineStore.formatVersion + 1)
    }

    @Test func anotherApplicationsDatabaseIsRefusedUnchanged() throws {
        let bed = try OfflineTestBed()
        try DatabaseQueue(path: bed.storePath).write { db in
            try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        }

        let error = #expect(throws: OfflineError.self) { try bed.openStore() }
        #expect(error == .unreadable(path: bed.storePath, .wrongFormat(expected: "qwinkle.offline", found: "different SQLite database")))
        let tables = try DatabaseQueue(path: bed.storePath).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["notes"])
    }

    @Test func aFileThatIsNotADatabaseIsRefusedUnchanged() throws {
        let bed = try OfflineTestBed()
        let text = Data(String(repeating: "not a database\n", count: 100).utf8)
        try text.write(to: URL(fileURLWithPath: bed.storePath))

        let error = #expect(throws: OfflineError.self) { try bed.openStore() }
        #expect(error == .unreadable(path: bed.storePath, .wrongFormat(expected: "qwinkle.offline", found: "non-SQLite")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: bed.storePath)) == text)
    }
}
