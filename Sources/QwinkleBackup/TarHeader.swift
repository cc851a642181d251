import Foundation

/// One header block of a POSIX ustar archive: a regular file's name, size and time, in 512 bytes.
///
/// The archive is plain tar, so a backup can also be looked into or unpacked with `tar` by hand.
struct TarHeader: Equatable {
    /// The size of a block: headers and file contents are padded to it.
    static let blockSize = 512
    /// The largest size an 11-digit octal field holds; larger sizes use the base-256 form GNU tar reads.
    static let largestOctalSize: UInt64 = 0o77777777777

    /// The path inside the archive, at most 100 bytes (the backup's names are shorter).
    var name: String
    /// The file's length in bytes.
    var size: UInt64
    /// When the file was last changed, in seconds since 1970.
    var modified: Int
    /// Whether the entry is a regular file; anything else is refused when reading.
    var isRegularFile = true

    /// The block to write.
    func encoded() throws(BackupError) -> [UInt8] {
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= 100 else { throw .damaged("the name \(name) does not fit a tar header") }
        var block = [UInt8](repeating: 0, count: Self.blockSize)
        block.replaceSubrange(0..<nameBytes.count, with: nameBytes)
        Self.writeOctal(0o644, into: &block, at: 100, width: 8)
        Self.writeOctal(0, into: &block, at: 108, width: 8)
        Self.writeOctal(0, into: &block, at: 116, width: 8)
        if size <= Self.largestOctalSize {
            Self.writeOctal(size, into: &block, at: 124, width: 12)
        } else {
            block[124] = 0x80
            for index in 0..<8 { block[135 - index] = UInt8(truncatingIfNeeded: size >> (8 * UInt64(index))) }
        }
        Self.writeOctal(UInt64(max(0, modified)), into: &block, at: 136, width: 12)
        block[156] = UInt8(ascii: "0")
        block.replaceSubrange(257..<263, with: Array("ustar\0".utf8))
        block.replaceSubrange(263..<265, with: Array("00".utf8))
        // The checksum is taken with its own field as spaces, then written as six digits, a NUL and a space.
        block.replaceSubrange(148..<156, with: [UInt8](repeating: 0x20, count: 8))
        let checksum = block.reduce(0) { $0 + UInt64($1) }
        Self.writeOctal(checksum, into: &block, at: 148, width: 7)
        block[155] = 0x20
        return block
    }

    /// Reads a header block; `nil` for the zero block that ends an archive.
    static func decode(_ block: [UInt8]) throws(BackupError) -> TarHeader? {
        guard block.count == blockSize else { throw .damaged("the archive ends inside a header") }
        if block.allSatisfy({ $0 == 0 }) { return nil }
        var summed = block
        summed.replaceSubrange(148..<156, with: [UInt8](repeating: 0x20, count: 8))
        guard let stored = octal(block[148..<156]), stored == summed.reduce(0, { $0 + UInt64($1) }) else {
            throw .damaged("a header's checksum does not match (not a tar archive, or a damaged one)")
        }
        let size: UInt64
        if block[124] & 0x80 != 0 {
            size = block[125..<136].reduce(0) { ($0 << 8) | UInt64($1) }
        } else if let octalSize = octal(block[124..<136]) {
            size = octalSize
        } else {
            throw .damaged("a header's size is not a number")
        }
        var name = text(block[0..<100])
        let prefix = text(block[345..<500])
        if block[257..<262].elementsEqual("ustar".utf8), !prefix.isEmpty { name = prefix + "/" + name }
        let flag = block[156]
        return TarHeader(
            name: name, size: size, modified: Int(octal(block[136..<148]) ?? 0),
            isRegularFile: flag == UInt8(ascii: "0") || flag == 0
        )
    }

    /// The padding that follows `size` bytes of content.
    static func padding(after size: UInt64) -> Int {
        let remainder = Int(size % UInt64(blockSize))
        return remainder == 0 ? 0 : blockSize - remainder
    }

    private static func writeOctal(_ value: UInt64, into block: inout [UInt8], at offset: Int, width: Int) {
        let digits = Array(String(value, radix: 8).utf8)
        let padded = [UInt8](repeating: UInt8(ascii: "0"), count: max(0, width - 1 - digits.count)) + digits
        block.replaceSubrange(offset..<(offset + width - 1), with: padded.suffix(width - 1))
        block[offset + width - 1] = 0
    }

    private static func octal(_ field: ArraySlice<UInt8>) -> UInt64? {
        let digits = field.drop { $0 == 0x20 || $0 == 0 }.prefix { $0 != 0 && $0 != 0x20 }
        guard !digits.isEmpty else { return 0 }
        return UInt64(String(decoding: digits, as: UTF8.self), radix: 8)
    }

    private static func text(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }
}
