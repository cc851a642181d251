import Foundation
import QwinkleKit
import Testing

/// A small format for the tests: what a later file (such as download resume data) looks like.
private struct Bookmark: BinaryFileFormat, Equatable {
    static let magic: [UInt8] = Array("QTST".utf8)
    static let formatName = "test bookmark"
    static let formatVersion: UInt16 = 2
    static let readableVersions: ClosedRange<UInt16> = 1...2

    var offset: UInt64
    var flags: UInt16
    var name: String
    var done: Bool

    func write(to writer: inout BinaryWriter) throws(FormatError) {
        writer.write(offset)
        writer.write(flags)
        try writer.write(name)
        writer.write(done)
    }

    init(offset: UInt64, flags: UInt16, name: String, done: Bool) {
        (self.offset, self.flags, self.name, self.done) = (offset, flags, name, done)
    }

    init(reading reader: inout BinaryReader, version: UInt16) throws(FormatError) {
        offset = try reader.read()
        flags = try reader.read()
        name = try reader.readString()
        // Version 1 had no "done" byte.
        done = version >= 2 ? try reader.readBool() : false
    }
}

private struct Settings: VersionedJSONFormat, Equatable {
    static let formatName = "qwinkle.test-settings"
    static let formatVersion = 1
    var server: String
    var count: Int
}

@Suite("Files with explicit formats")
struct FileFormatTests {
    /// These bytes are the format; if this test must change, the format changed and needs a new version.
    static let bytes: [UInt8] = [
        0x51, 0x54, 0x53, 0x54,  // magic "QTST"
        0x00, 0x02,  // format version 2
        0x00, 0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05,  // offset, UInt64 big-endian
        0xBE, 0xEF,  // flags, UInt16 big-endian
        0x00, 0x00, 0x00, 0x05, 0x70, 0x69, 0x6E, 0x6B, 0x79,  // name: UInt32 byte count, then "pinky"
        0x01,  // done
    ]

    @Test("A file written by a fixed byte sequence reads back")
    func readsFixedBytes() throws {
        let bookmark = try Bookmark(fileData: Data(Self.bytes))
        #expect(bookmark == Bookmark(offset: 0x01_0203_0405, flags: 0xBEEF, name: "pinky", done: true))
    }

    @Test("Writing gives exactly those bytes")
    func writesFixedBytes() throws {
        let data = try Bookmark(offset: 0x01_0203_0405, flags: 0xBEEF, name: "pinky", done: true).fileData()
        #expect(Array(data) == Self.bytes)
    }

    @Test("An older readable version reads with its own layout")
    func olderVersion() throws {
        var bytes = Self.bytes
        bytes[5] = 0x01
        bytes.removeLast()
        #expect(try Bookmark(fileData: Data(bytes)).done == false)
    }

    @Test("Another kind of file, a newer version, a cut-short file and trailing bytes are refused")
    func refusals() {
        var wrongMagic = Self.bytes
        wrongMagic[0] = 0x58
        #expect(throws: FormatError.wrongMagic(expected: Bookmark.magic, found: Array("XTST".utf8))) {
            try Bookmark(fileData: Data(wrongMagic))
        }
        var newer = Self.bytes
        newer[5] = 0x03
        #expect(throws: FormatError.unsupportedVersion(format: "test bookmark", found: 3, readable: 1...2)) {
            try Bookmark(fileData: Data(newer))
        }
        #expect(throws: FormatError.self) { try Bookmark(fileData: Data(Self.bytes.dropLast(3))) }
        #expect(throws: FormatError.trailingBytes(1)) { try Bookmark(fileData: Data(Self.bytes + [0])) }
        var badBool = Self.bytes
        badBool[badBool.count - 1] = 2
        #expect(throws: FormatError.self) { try Bookmark(fileData: Data(badBool)) }
        #expect(throws: FormatError.self) { try Bookmark(fileData: Data()) }
    }

    @Test("Integers are big-endian on every machine")
    func byteOrder() throws {
        var writer = BinaryWriter()
        writer.write(UInt32(0x0102_0304))
        writer.write(Int16(-2))
        #expect(writer.bytes == [1, 2, 3, 4, 0xFF, 0xFE])
        var reader = BinaryReader(writer.bytes)
        #expect(try reader.read(UInt32.self) == 0x0102_0304)
        #expect(try reader.read(Int16.self) == -2)
        #expect(reader.isAtEnd)
    }

    @Test("A versioned JSON file written as fixed text reads back")
    func jsonFixedText() throws {
        let text = #"{"content":{"count":3,"server":"http://127.0.0.1:8080"},"format":"qwinkle.test-settings","format_version":1}"#
        #expect(try Settings(fileData: Data(text.utf8)) == Settings(server: "http://127.0.0.1:8080", count: 3))
    }

    @Test("A versioned JSON file of another format or a newer version is refused")
    func jsonRefusals() {
        let newer = #"{"content":{"count":3,"server":"x"},"format":"qwinkle.test-settings","format_version":2}"#
        #expect(throws: FormatError.unsupportedVersion(format: "qwinkle.test-settings", found: 2, readable: 1...1)) {
            try Settings(fileData: Data(newer.utf8))
        }
        let other = #"{"content":{},"format":"qwinkle.outbox","format_version":1}"#
        #expect(throws: FormatError.wrongFormat(expected: "qwinkle.test-settings", found: "qwinkle.outbox")) {
            try Settings(fileData: Data(other.utf8))
        }
        #expect(throws: DecodingError.self) { try Settings(fileData: Data(#"{"count":3}"#.utf8)) }
    }

    @Test("Files round-trip through the disk")
    func disk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = Settings(server: "http://example.test", count: 7)
        try settings.write(to: folder.appendingPathComponent("settings.json"))
        #expect(try Settings(contentsOf: folder.appendingPathComponent("settings.json")) == settings)
        let bookmark = Bookmark(offset: 42, flags: 1, name: "🦄", done: false)
        try bookmark.write(to: folder.appendingPathComponent("bookmark.bin"))
        #expect(try Bookmark(contentsOf: folder.appendingPathComponent("bookmark.bin")) == bookmark)
    }
}
