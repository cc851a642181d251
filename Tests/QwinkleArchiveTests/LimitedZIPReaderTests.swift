import Foundation
import QwinkleArchive
import Testing

/// Reading an archive counts bytes as they are inflated: a file that expands past the limit is refused whatever
/// its headers say.
@Suite struct LimitedZIPReaderTests {
    private func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-reader-\(UUID().uuidString).zip")
        try Data(bytes).write(to: url)
        return url
    }

    private func zip(_ path: String, _ bytes: [UInt8]) throws -> [UInt8] {
        var writer = ZIPStreamWriter()
        return try writer.startFile(path, method: .deflate) + writer.write(bytes) + writer.finishFile() + writer.finish()
    }

    @Test func readsWithinTheLimits() throws {
        let url = try file(try zip("entries.json", Array("{}".utf8)))
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try LimitedZIPReader(url: url, limits: .standard)
        #expect(try reader.read("entries.json") == Array("{}".utf8))
        #expect(throws: ArchiveError.missingFile("nope.json")) { try reader.read("nope.json") }
    }

    @Test func refusesAFilePastTheLimit() throws {
        let url = try file(try zip("entries.json", [UInt8](repeating: 32, count: 3 << 20)))
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try LimitedZIPReader(url: url, limits: ArchiveLimits(maxFileBytes: 1 << 20, maxTotalBytes: 8 << 20, maxFiles: 10))
        #expect(throws: ArchiveError.tooLarge("entries.json is larger than 1048576 bytes.")) { try reader.read("entries.json") }
    }

    @Test func refusesFilesPastTheTotal() throws {
        var writer = ZIPStreamWriter()
        var bytes: [UInt8] = []
        for name in ["a.json", "b.json", "c.json"] {
            bytes += try writer.startFile(name, method: .deflate) + writer.write([UInt8](repeating: 32, count: 600_000)) + writer.finishFile()
        }
        bytes += try writer.finish()
        let url = try file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try LimitedZIPReader(url: url, limits: ArchiveLimits(maxFileBytes: 1 << 20, maxTotalBytes: 1 << 20, maxFiles: 10))
        _ = try reader.read("a.json")
        _ = try reader.read("a.json")
        #expect(throws: ArchiveError.self) { try reader.read("b.json") }
    }

    @Test func refusesWhatIsNotAZIP() throws {
        let url = try file(Array("plain text".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ArchiveError.notAnArchive) { try LimitedZIPReader(url: url, limits: .standard) }
    }

    @Test func importTellsFormatsApart() throws {
        let json = try file(Array("  {\"entries\": []}".utf8))
        let bare = try file(try zip("notes.txt", Array("hello".utf8)))
        defer {
            try? FileManager.default.removeItem(at: json)
            try? FileManager.default.removeItem(at: bare)
        }
        #expect(throws: ArchiveError.notAnArchive) { try ArchiveImportReader.open(json, limits: .standard) }
        #expect(throws: ArchiveError.missingFile("manifest.json")) { try ArchiveImportReader.open(bare, limits: .standard) }
    }
}
