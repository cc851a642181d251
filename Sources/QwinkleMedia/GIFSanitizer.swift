/// Removes a GIF's metadata blocks: Comment Extensions, and Application Extensions other than the looping
/// ones (NETSCAPE2.0, ANIMEXTS1.0), which drops XMP ("XMP DataXMP") and ICC or maker blocks.
///
/// Every block is walked through its sub-blocks, so a length can never point past the file; an image must
/// come before the trailer, and bytes after the trailer are dropped. Images, colour tables, Graphic Control
/// Extensions (frame timing, transparency) and Plain Text Extensions are kept as they are.
struct GIFSanitizer: FormatSanitizer {
    static let keptApplications: [[UInt8]] = ["NETSCAPE2.0", "ANIMEXTS1.0"].map { [11] + Array($0.utf8) }

    enum Block {
        static let extensionIntroducer: UInt8 = 0x21
        static let imageSeparator: UInt8 = 0x2C
        static let trailer: UInt8 = 0x3B
        static let commentLabel: UInt8 = 0xFE
        static let applicationLabel: UInt8 = 0xFF
    }

    static func sanitize(_ bytes: [UInt8]) throws(PhotoError) -> [UInt8] {
        var cursor = ByteCursor(bytes, type: .gif)
        _ = try cursor.take(6)  // "GIF87a" or "GIF89a", checked by detection
        _ = try cursor.take(4)  // logical screen width and height
        let screenFlags = try cursor.byte()
        _ = try cursor.take(2)  // background colour index, pixel aspect ratio
        try skipColorTable(flags: screenFlags, in: &cursor)

        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        output.append(contentsOf: bytes[0..<cursor.offset])
        var sawImage = false
        while true {
            let blockStart = cursor.offset
            switch try cursor.byte() {
            case Block.imageSeparator:
                _ = try cursor.take(8)  // left, top, width, height
                try skipColorTable(flags: try cursor.byte(), in: &cursor)
                _ = try cursor.take(1)  // LZW minimum code size
                try skipSubBlocks(in: &cursor)
                sawImage = true
                output.append(contentsOf: bytes[blockStart..<cursor.offset])
            case Block.extensionIntroducer:
                let label = try cursor.byte()
                let identifier = bytes[cursor.offset..<min(cursor.offset + 12, cursor.end)]
                try skipSubBlocks(in: &cursor)
                let isMetadata = switch label {
                case Block.commentLabel: true
                case Block.applicationLabel: !keptApplications.contains { $0.elementsEqual(identifier) }
                default: false
                }
                if !isMetadata { output.append(contentsOf: bytes[blockStart..<cursor.offset]) }
            case Block.trailer:
                guard sawImage else { throw cursor.malformed("the file ends before any image", at: blockStart) }
                output.append(Block.trailer)
                return output
            case let other:
                throw cursor.malformed("0x\(String(other, radix: 16)) is not a GIF block", at: blockStart)
            }
        }
    }

    /// Skips the colour table that a screen or image descriptor's flags announce: 2^(n+1) RGB entries.
    private static func skipColorTable(flags: UInt8, in cursor: inout ByteCursor) throws(PhotoError) {
        guard flags & 0x80 != 0 else { return }
        _ = try cursor.take(3 << (Int(flags & 0x07) + 1))
    }

    /// Skips data sub-blocks, each a length byte and that many bytes, up to the empty one that ends them.
    private static func skipSubBlocks(in cursor: inout ByteCursor) throws(PhotoError) {
        while true {
            let size = try cursor.byte()
            guard size > 0 else { return }
            _ = try cursor.take(size)
        }
    }
}
