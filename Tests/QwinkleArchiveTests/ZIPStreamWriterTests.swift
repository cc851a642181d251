import Foundation
import QwinkleArchive
import QwinkleTestSupport
import Testing
import ZIPFoundation

/// The streaming ZIP writer's output is read back by ZIPFoundation, by Info-ZIP's `unzip -t` and by Python's
/// `zipfile` where they are installed: deflated text, stored photos, and files made of many pieces.
@Suite struct ZIPStreamWriterTests {
    /// A file of many pieces, deflated, a stored photo, and names in UTF-8.
    static func sample() throws -> (zip: [UInt8], files: [String: [UInt8]]) {
        var writer = ZIPStreamWriter()
        var out: [UInt8] = []
        var large: [UInt8] = []
        out += try writer.startFile("entries.json", method: .deflate)
        for index in 0..<2_000 {
            let piece = Array("{\"id\": \"\(index)\", \"body\": \"Coffee at the lake, day \(index)\"},\n".utf8)
            large += piece
            out += try writer.write(piece)
        }
        out += try writer.finishFile()
        let noise = (0..<300_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        out += try writer.addFile("photos/12.jpg", bytes: noise)
        out += try writer.startFile("journal/2026-11-20 — café.md", method: .deflate)
        out += try writer.write(Array("# Café\n".utf8))
        out += try writer.finishFile()
        out += try writer.startFile("empty.json", method: .deflate)
        out += try writer.finishFile()
        out += try writer.finish()
        #expect(writer.bytesWritten == UInt64(out.count))
        return (out, ["entries.json": large, "photos/12.jpg": noise, "journal/2026-11-20 — café.md": Array("# Café\n".utf8), "empty.json": []])
    }

    @Test func zipFoundationReadsEveryFile() throws {
        let (zip, files) = try Self.sample()
        let archive = try Archive(data: Data(zip), accessMode: .read)
        #expect(Set(archive.map(\.path)) == Set(files.keys))
        for (path, expected) in files {
            let entry = try #require(archive[path])
            var bytes: [UInt8] = []
            let crc = try archive.extract(entry) { bytes += $0 }
            #expect(bytes == expected, "\(path)")
            #expect(crc == entry.checksum, "\(path)")
        }
        #expect(try #require(archive["photos/12.jpg"]).isCompressed == false, "photos are stored as they are")
        #expect(try #require(archive["entries.json"]).isCompressed, "text is deflated")
    }

    @Test func unzipAndPythonAgree() async throws {
        let (zip, _) = try Self.sample()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-zip-\(UUID().uuidString).zip")
        try Data(zip).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var checked = 0
        for (tool, arguments) in [("/usr/bin/unzip", ["-tq", file.path])] + Self.python(file) where FileManager.default.isExecutableFile(atPath: tool) {
            #expect(try await ChildProcess.run(tool, arguments) == .exited(0), "\(tool) \(arguments)")
            checked += 1
        }
        if checked == 0 { print("neither unzip nor python3 is installed; only ZIPFoundation read the archive") }
    }

    private static func python(_ file: URL) -> [(String, [String])] {
        let script = "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); sys.exit(1 if z.testzip() else 0)"
        return ["/usr/bin/python3", "/usr/local/bin/python3"].map { ($0, ["-c", script, file.path]) }
    }

    @Test(arguments: ["../escape", "/etc/passwd", "a\\b", "a/../b", "", "a//b", "C:/x", "./a"])
    func refusesUnsafePaths(_ path: String) {
        var writer = ZIPStreamWriter()
        #expect(throws: ZIPWriterError.unsafePath(path)) { try writer.startFile(path, method: .deflate) }
        #expect(!ArchivePath.isSafe(path))
    }

    @Test func safePaths() {
        #expect(ArchivePath.isSafe("photos/12.jpg"))
        #expect(ArchivePath.isSafe("journal/"))
        #expect(ArchivePath.isSafe("manifest.json"))
    }

    @Test func misuseIsAnError() throws {
        var writer = ZIPStreamWriter()
        #expect(throws: ZIPWriterError.self) { try writer.write([1, 2, 3]) }
        _ = try writer.startFile("a.txt", method: .store)
        #expect(throws: ZIPWriterError.self) { try writer.startFile("b.txt", method: .store) }
        #expect(throws: ZIPWriterError.self) { try writer.finish() }
    }

    /// 64 MiB written through the writer a megabyte at a time never gathers in it: each call hands back what it
    /// made, and the writer keeps only the central directory.
    @Test func streamsLargeFiles() throws {
        var writer = ZIPStreamWriter()
        var total = 0
        var largestPiece = 0
        total += try writer.startFile("big.bin", method: .deflate).count
        let megabyte = [UInt8](repeating: 7, count: 1 << 20)
        for _ in 0..<64 {
            let piece = try writer.write(megabyte)
            largestPiece = max(largestPiece, piece.count)
            total += piece.count
        }
        total += try writer.finishFile().count
        total += try writer.finish().count
        #expect(largestPiece < 1 << 20, "a piece out is never more than what went in")
        #expect(UInt64(total) == writer.bytesWritten)
    }

    /// More files than the 16-bit count holds: the ZIP64 end records carry the count, and readers find every file.
    @Test func zip64ForManyFiles() async throws {
        var writer = ZIPStreamWriter()
        var zip: [UInt8] = []
        let count = 70_000
        for index in 0..<count {
            zip += try writer.addFile("photos/\(index).txt", bytes: Array("\(index)".utf8))
        }
        zip += try writer.finish()
        #expect(zip.suffix(22).starts(with: [0x50, 0x4B, 0x05, 0x06, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]), "the short count says: see ZIP64")
        let archive = try Archive(data: Data(zip), accessMode: .read)
        #expect(archive.reduce(0) { count, _ in count + 1 } == count)
        let last = try #require(archive["photos/69999.txt"])
        var bytes: [UInt8] = []
        _ = try archive.extract(last) { bytes += $0 }
        #expect(bytes == Array("69999".utf8))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-zip64-\(UUID().uuidString).zip")
        try Data(zip).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            let script = "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); sys.exit(0 if len(z.namelist()) == 70000 and z.testzip() is None else 1)"
            #expect(try await ChildProcess.run("/usr/bin/python3", ["-c", script, file.path]) == .exited(0), "Python's zipfile reads the ZIP64 records")
        }
    }
}
