import QwinkleMedia

/// Small valid images for upload tests, built byte by byte.
enum TestImages {
    /// A 1×1 PNG.
    static let png = pngFile([ihdr, idat, iend])
    /// The same PNG carrying a text chunk with a location, which the server must strip.
    static let pngWithLocation = pngFile([ihdr, chunk("tEXt", Array("Comment\0GPSLatitude 51.5007 N".utf8)), idat, iend])
    /// A PNG of about `size` bytes (padding in a private ancillary chunk), for size limits.
    static func png(ofSize size: Int) -> [UInt8] {
        pngFile([ihdr, chunk("prVt", Array(repeating: 0x2A, count: max(0, size - 69))), idat, iend])
    }

    /// A 1×1 grey PNG of this shade (below 254): pictures that differ by their pixel, for copies kept by hash.
    static func png(gray: UInt8) -> [UInt8] {
        let pixels = chunk("IDAT", [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF, 0x00, gray, 0x00, gray + 2, 0x00, gray + 1])
        return pngFile([ihdr, pixels, iend])
    }

    private static let ihdr = chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
    private static let idat = chunk("IDAT", [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF, 0x00, 0x80, 0x00, 0x82, 0x00, 0x81])
    private static let iend = chunk("IEND", [])

    private static func pngFile(_ chunks: [[UInt8]]) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunks.flatMap { $0 }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(CRC32.checksum(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
