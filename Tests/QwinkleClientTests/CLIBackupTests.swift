import Foundation
import GRDB
import HummingbirdTesting
import NIOHTTP1
import QwinkleKit
import QwinkleMedia
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import QwinkleTestSupport
import Synchronization
import Testing

@testable import QwinkleBackup

@Suite(
    "qwinkle backup and restore-backup",
    .disabled(if: PostgresTestDatabase.serversUsePostgres, "backs up a SQLite data folder; PostgreSQL is backed up with pg_dump")
)
struct CLIBackupTests {
    /// A grey PNG of its own for `seed`, so each upload has different bytes.
    static func photo(_ seed: Int) -> [UInt8] {
        StoredPNG.image(width: 2, height: 2, colorType: .grey, pixels: [UInt8(seed % 256), UInt8(seed / 256 % 256), 7, 9])
    }

    /// What the writers share: the IDs acknowledged with 201, in order, and when to stop.
    final class Writers: Sendable {
        let acknowledged = Mutex<[String]>([])
        let stop = Atomic<Bool>(false)
    }

    /// Waits, naming what for, until `condition` holds.
    static func poll(_ what: String, until condition: @Sendable () -> Bool) async throws {
        waitingFor(what)
        while !condition() { try await Task.sleep(for: .milliseconds(20)) }
    }

    @Test("A backup taken while 8 writers post holds every entry acknowledged before it began; it restores whole, integrity ok")
    func backupUnderLoad() async throws {
        try await withTimeout { try await Self.backupUnderLoadBody() }
    }

    static func backupUnderLoadBody() async throws {
        try await TestServer.withTemporaryData { server in
            let folder = server.dataDirectory
            let archive = folder.deletingLastPathComponent().appendingPathComponent("backup-\(UUID().uuidString).tar")
            let restored = folder.deletingLastPathComponent().appendingPathComponent("restored-\(UUID().uuidString)")
            defer {
                try? FileManager.default.removeItem(at: archive)
                try? FileManager.default.removeItem(at: restored)
            }
            let home = folder.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let acknowledgedBefore = try await server.test(live: true) { client in
                let url = "http://127.0.0.1:\(try #require(client.port))"
                let cli = CLIHarness(server: url, home: home)
                await cli.signUp("abe")
                let token = try CLIFlowTests.token(of: cli)
                var uploads: [String] = []
                for seed in 0..<3 {
                    let uploaded = try await TestHTTP.request(.POST, "\(url)/api/qwinkle/v1/photos", token: token, bytes: Data(Self.photo(seed)), contentType: "image/png")
                    uploads.append(try #require(uploaded.json["id"].string))
                }
                let photos = uploads
                let writers = Writers()
                return try await withThrowingTaskGroup(of: Void.self) { group in
                    for writer in 0..<8 {
                        group.addTask {
                            var number = 0
                            while !writers.stop.load(ordering: .relaxed) {
                                number += 1
                                let photo = photos[(writer + number) % photos.count]
                                let body = #"{"kind": "update", "body": "Writer \#(writer), post \#(number)", "visibility": "public", "photos": [{"id": "\#(photo)", "alt": "a square"}]}"#
                                let response = try await TestHTTP.request(.POST, "\(url)/api/qwinkle/v1/entries", token: token, json: body)
                                guard response.status == 201, let id = response.json["id"].string else {
                                    Issue.record("a post answered \(response.status)")
                                    return
                                }
                                writers.acknowledged.withLock { $0.append(id) }
                            }
                        }
                    }
                    try await Self.poll("40 posts acknowledged") { writers.acknowledged.withLock { $0.count } >= 40 }
                    let before = writers.acknowledged.withLock { $0 }
                    let run = await cli.run(["backup", "--data", folder.path, "--to", archive.path])
                    try await Self.poll("more posts after the backup") { writers.acknowledged.withLock { $0.count } >= before.count + 40 }
                    writers.stop.store(true, ordering: .relaxed)
                    try await group.waitForAll()
                    #expect(run.code == 0, "\(run.errors)")
                    #expect(run.output.contains("and 3 photos."), "\(run.output)")
                    return before
                }
            }

            let cli = CLIHarness(server: "http://127.0.0.1:9", home: home)
            let restore = await cli.run(["restore-backup", archive.path, "--data", restored.path])
            #expect(restore.code == 0, "\(restore.errors)")
            #expect(restore.output.contains("with 3 photos"))
            let database = DataFolder(restored).database
            try DataFolderBackup.checkIntegrity(of: database)
            let storage = try SQLiteStorage(path: database.path)
            defer { try? storage.close() }
            for id in acknowledgedBefore {
                let entry = try await storage.entry(id: .init(rawValue: id)!)
                #expect(entry != nil, "entry \(id) was acknowledged before the backup began")
            }
            let hashes = try await DatabaseQueue(path: database.path).read { db in
                try String.fetchAll(db, sql: "SELECT sha256 FROM photos")
            }
            #expect(hashes.count == 3)
            for hash in hashes {
                #expect(FileManager.default.fileExists(atPath: DataFolder(restored).photo(sha256: hash).path))
            }
        }
    }

    @Test("A bad backup is refused with a clear message and leaves the data folder as it was")
    func badBackups() async throws {
        try await withTemporaryFolder { folder in try await Self.badBackupsBody(folder) }
    }

    static func badBackupsBody(_ folder: URL) async throws {
        let cli = CLIHarness(server: "http://127.0.0.1:9", home: folder)
        // A real backup of a small folder, to damage.
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let storage = try SQLiteStorage(path: DataFolder(data).database.path)
        try storage.close()
        let good = folder.appendingPathComponent("good.tar")
        #expect(await cli.run(["backup", "--data", data.path, "--to", good.path]).code == 0)

        func archive(_ name: String, _ entries: [(String, Data)]) throws -> URL {
            let url = folder.appendingPathComponent(name)
            let writer = try TarWriter(creating: url)
            for (entryName, bytes) in entries { try writer.add(bytes, as: entryName) }
            try writer.finish()
            return url
        }
        let manifest = try BackupManifest(createdAt: Date(), photos: 0).encoded()
        let database = try Data(contentsOf: DataFolder(data).database)
        let notTar = folder.appendingPathComponent("not.tar")
        try Data("just some text, not an archive at all".utf8).write(to: notTar)
        let cases: [(URL, String)] = [
            (notTar, "cannot be used"),
            (try archive("no-manifest.tar", [("qwinkle.sqlite", database)]), "is not a Qwinkle backup"),
            (try archive("future.tar", [("qwinkle-backup.json", Data(#"{"format": "qwinkle.backup", "format_version": 9, "created_at": "2026-01-01T00:00:00Z", "photos": 0}"#.utf8))]), "format version 9"),
            (try archive("escape.tar", [("qwinkle-backup.json", manifest), ("../outside", Data("x".utf8))]), "which no Qwinkle backup does"),
            (try archive("no-database.tar", [("qwinkle-backup.json", manifest)]), "no database"),
            (try archive("bad-photo.tar", [
                ("qwinkle-backup.json", try BackupManifest(createdAt: Date(), photos: 1).encoded()), ("qwinkle.sqlite", database),
                ("photos/ab/ab" + String(repeating: "0", count: 62), Data("not the photo".utf8)),
            ]), "is damaged"),
            (try archive("garbage-db.tar", [("qwinkle-backup.json", manifest), ("qwinkle.sqlite", Data(repeating: 0x42, count: 8192))]), "restored database"),
        ]
        for (bad, message) in cases {
            let target = folder.appendingPathComponent("restore-\(bad.lastPathComponent)")
            let run = await cli.run(["restore-backup", bad.path, "--data", target.path])
            #expect(run.code == 1, "\(bad.lastPathComponent)")
            #expect(run.errors.contains(message), "\(bad.lastPathComponent): \(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: target.path), "\(bad.lastPathComponent) left a folder behind")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("outside").path))
        }
        // A folder that holds something is never restored into; the good backup goes into an empty one.
        let occupied = await cli.run(["restore-backup", good.path, "--data", data.path])
        #expect(occupied.code == 1)
        #expect(occupied.errors.contains("is not empty"))
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(await cli.run(["restore-backup", good.path, "--data", empty.path]).code == 0)
        #expect(await cli.run(["backup", "--data", folder.appendingPathComponent("nothing").path, "--to", good.path]).errors.contains("no Qwinkle database"))
    }
}
