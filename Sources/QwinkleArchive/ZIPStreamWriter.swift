import Foundation

/// Writes a ZIP file front to back, handing back its bytes as they are made, for a destination that cannot seek
/// (an HTTP response): nothing is ever gone back to, so a file's size and CRC-32 follow its data in a data
/// descriptor, and the central directory is written at the end from what was recorded on the way.
///
/// Memory holds one file's state and one central-directory record per file (its name and three numbers), never a
/// file's contents. ZIP64 records are written where a size, an offset or the count of files needs them.
///
/// ```
/// var zip = ZIPStreamWriter()
/// send(try zip.startFile("entries.json", method: .deflate))
/// send(try zip.write(bytes))
/// send(try zip.finishFile())
/// send(try zip.finish())
/// ```
public struct ZIPStreamWriter {
    /// How a file's bytes are kept in the archive.
    public enum Method: UInt16, Sendable {
        /// As they are: for photos, which are compressed already.
        case store = 0
        /// Deflated: for text.
        case deflate = 8
    }

    /// What the central directory needs of a file written earlier.
    private struct Record {
        var name: [UInt8]
        var method: Method
        var crc: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var offset: UInt64
        var time: UInt16
        var date: UInt16
        var usesDescriptor: Bool

        /// Whether a size is too large for the 32-bit fields, so ZIP64 carries both.
        var needsZIP64Sizes: Bool { compressedSize >= 0xFFFF_FFFF || uncompressedSize >= 0xFFFF_FFFF }
    }

    /// The file being written.
    private struct OpenFile {
        var record: Record
        var crc = RunningCRC32()
        var deflater: Deflater?
    }

    private var records: [Record] = []
    private var open: OpenFile?
    private var finished = false
    /// How many bytes have been handed out: the offset of whatever comes next.
    public private(set) var bytesWritten: UInt64 = 0

    /// A writer at the start of an empty archive.
    public init() {}

    /// Starts a file whose size is not known yet: returns its local header. Its bytes follow with `write`, and
    /// `finishFile` ends it.
    public mutating func startFile(_ path: String, method: Method, modified: Date = Date()) throws(ZIPWriterError) -> [UInt8] {
        guard open == nil, !finished else { throw .misuse("a file was started before the last one was finished") }
        let name = try Self.checkedName(path)
        let (time, date) = Self.dosTime(modified)
        let record = Record(
            name: name, method: method, crc: 0, compressedSize: 0, uncompressedSize: 0, offset: bytesWritten,
            time: time, date: date, usesDescriptor: true
        )
        open = OpenFile(record: record, deflater: method == .deflate ? try Deflater() : nil)
        return emit(localHeader(record, flags: Self.utf8Names | Self.dataDescriptor, crc: 0, sizes: nil))
    }

    /// Adds bytes to the open file and returns what goes into the archive for them (for a deflated file, perhaps
    /// nothing yet).
    public mutating func write(_ bytes: some Collection<UInt8>) throws(ZIPWriterError) -> [UInt8] {
        guard var file = open else { throw .misuse("bytes were written with no file open") }
        file.crc.update(bytes)
        file.record.uncompressedSize += UInt64(bytes.count)
        let out: [UInt8] = if let deflater = file.deflater { try deflater.compress(bytes) } else { Array(bytes) }
        file.record.compressedSize += UInt64(out.count)
        open = file
        return emit(out)
    }

    /// Ends the open file: the rest of its compressed bytes and its data descriptor.
    public mutating func finishFile() throws(ZIPWriterError) -> [UInt8] {
        guard var file = open else { throw .misuse("a file was finished with none open") }
        var out: [UInt8] = []
        if let deflater = file.deflater {
            let last = try deflater.finish()
            file.record.compressedSize += UInt64(last.count)
            out += last
        }
        file.record.crc = file.crc.value
        let record = file.record
        // The descriptor's sizes are 8 bytes when the central directory will give this file a ZIP64 extra field,
        // as readers that check descriptors expect.
        out += Self.uint32(0x0807_4B50) + Self.uint32(record.crc)
        if record.needsZIP64Sizes {
            out += Self.uint64(record.compressedSize) + Self.uint64(record.uncompressedSize)
        } else {
            out += Self.uint32(UInt32(record.compressedSize)) + Self.uint32(UInt32(record.uncompressedSize))
        }
        records.append(record)
        open = nil
        return emit(out)
    }

    /// Writes a whole file whose bytes are at hand (a photo), stored as they are with its size and CRC-32 in its
    /// local header, so no data descriptor is needed.
    public mutating func addFile(_ path: String, bytes: some Collection<UInt8>, modified: Date = Date()) throws(ZIPWriterError) -> [UInt8] {
        guard open == nil, !finished else { throw .misuse("a file was added before the last one was finished") }
        let name = try Self.checkedName(path)
        let (time, date) = Self.dosTime(modified)
        var crc = RunningCRC32()
        crc.update(bytes)
        let size = UInt64(bytes.count)
        let record = Record(
            name: name, method: .store, crc: crc.value, compressedSize: size, uncompressedSize: size, offset: bytesWritten,
            time: time, date: date, usesDescriptor: false
        )
        var out = localHeader(record, flags: Self.utf8Names, crc: crc.value, sizes: (size, size))
        out.append(contentsOf: bytes)
        records.append(record)
        return emit(out)
    }

    /// Ends the archive: the central directory, ZIP64's end records when needed, and the end of central directory.
    public mutating func finish() throws(ZIPWriterError) -> [UInt8] {
        guard open == nil, !finished else { throw .misuse("the archive was finished with a file open, or twice") }
        finished = true
        let directoryStart = bytesWritten
        var out: [UInt8] = []
        for record in records {
            out += centralHeader(record)
        }
        let directorySize = UInt64(out.count)
        let count = UInt64(records.count)
        let needsZIP64 = count >= 0xFFFF || directorySize >= 0xFFFF_FFFF || directoryStart >= 0xFFFF_FFFF
        if needsZIP64 {
            let zip64End = directoryStart + directorySize
            out += Self.uint32(0x0606_4B50) + Self.uint64(44) + Self.uint16(Self.versionMadeBy) + Self.uint16(45)
            out += Self.uint32(0) + Self.uint32(0) + Self.uint64(count) + Self.uint64(count)
            out += Self.uint64(directorySize) + Self.uint64(directoryStart)
            out += Self.uint32(0x0706_4B50) + Self.uint32(0) + Self.uint64(zip64End) + Self.uint32(1)
        }
        let shortCount = UInt16(min(count, 0xFFFF))
        out += Self.uint32(0x0605_4B50) + Self.uint16(0) + Self.uint16(0) + Self.uint16(shortCount) + Self.uint16(shortCount)
        out += Self.uint32(UInt32(min(directorySize, 0xFFFF_FFFF))) + Self.uint32(UInt32(min(directoryStart, 0xFFFF_FFFF)))
        out += Self.uint16(0)
        return emit(out)
    }

    // MARK: - Records

    private static let utf8Names: UInt16 = 1 << 11
    private static let dataDescriptor: UInt16 = 1 << 3
    /// Made on Unix (3), by a writer of version 4.5 (ZIP64), so readers take the permissions in the external attributes.
    private static let versionMadeBy: UInt16 = 3 << 8 | 45
    /// A regular file readable by all and writable by its owner (0644), as Unix keeps it in the high 16 bits.
    private static let externalAttributes: UInt32 = 0o100644 << 16

    private mutating func emit(_ bytes: [UInt8]) -> [UInt8] {
        bytesWritten += UInt64(bytes.count)
        return bytes
    }

    private func localHeader(_ record: Record, flags: UInt16, crc: UInt32, sizes: (UInt64, UInt64)?) -> [UInt8] {
        let (compressed, uncompressed) = sizes ?? (0, 0)
        let zip64 = compressed >= 0xFFFF_FFFF || uncompressed >= 0xFFFF_FFFF
        var extra: [UInt8] = []
        if zip64 { extra = Self.uint16(1) + Self.uint16(16) + Self.uint64(uncompressed) + Self.uint64(compressed) }
        var out = Self.uint32(0x0403_4B50) + Self.uint16(zip64 ? 45 : 20) + Self.uint16(flags) + Self.uint16(record.method.rawValue)
        out += Self.uint16(record.time) + Self.uint16(record.date) + Self.uint32(crc)
        out += Self.uint32(zip64 ? 0xFFFF_FFFF : UInt32(compressed)) + Self.uint32(zip64 ? 0xFFFF_FFFF : UInt32(uncompressed))
        out += Self.uint16(UInt16(record.name.count)) + Self.uint16(UInt16(extra.count))
        return out + record.name + extra
    }

    private func centralHeader(_ record: Record) -> [UInt8] {
        let sizes64 = record.needsZIP64Sizes
        let offset64 = record.offset >= 0xFFFF_FFFF
        var extraData: [UInt8] = []
        if sizes64 { extraData += Self.uint64(record.uncompressedSize) + Self.uint64(record.compressedSize) }
        if offset64 { extraData += Self.uint64(record.offset) }
        let extra = extraData.isEmpty ? [] : Self.uint16(1) + Self.uint16(UInt16(extraData.count)) + extraData
        let flags = Self.utf8Names | (record.usesDescriptor ? Self.dataDescriptor : 0)
        var out = Self.uint32(0x0201_4B50) + Self.uint16(Self.versionMadeBy) + Self.uint16(extra.isEmpty ? 20 : 45)
        out += Self.uint16(flags) + Self.uint16(record.method.rawValue) + Self.uint16(record.time) + Self.uint16(record.date)
        out += Self.uint32(record.crc)
        out += Self.uint32(sizes64 ? 0xFFFF_FFFF : UInt32(record.compressedSize))
        out += Self.uint32(sizes64 ? 0xFFFF_FFFF : UInt32(record.uncompressedSize))
        out += Self.uint16(UInt16(record.name.count)) + Self.uint16(UInt16(extra.count)) + Self.uint16(0)
        out += Self.uint16(0) + Self.uint16(0) + Self.uint32(Self.externalAttributes)
        out += Self.uint32(offset64 ? 0xFFFF_FFFF : UInt32(record.offset))
        return out + record.name + extra
    }

    /// The name's UTF-8 bytes, if it is a path an archive may hold (`ArchivePath`'s rules).
    private static func checkedName(_ path: String) throws(ZIPWriterError) -> [UInt8] {
        guard ArchivePath.isSafe(path), path.utf8.count <= 0xFFFF else { throw .unsafePath(path) }
        return Array(path.utf8)
    }

    /// MS-DOS time and date, in UTC, as ZIP keeps them (two-second steps, from 1980).
    private static func dosTime(_ date: Date) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = min(max((parts.year ?? 1980) - 1980, 0), 127)
        let time = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
        let day = UInt16(year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
        return (time, day)
    }

    private static func uint16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func uint32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    private static func uint64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
