/// Real PNG images written without an image library: 8-bit pixels, every row unfiltered, the image data in zlib's
/// stored (uncompressed) blocks. For seeded photos and tests that need an image any decoder reads.
package enum StoredPNG {
    /// How a pixel's bytes are read.
    package enum ColorType: UInt8 {
        /// One byte a pixel.
        case grey = 0
        /// Three bytes a pixel.
        case rgb = 2

        var bytesPerPixel: Int { self == .grey ? 1 : 3 }
    }

    /// A `width`×`height` image whose pixel bytes, row after row, are `pixels`.
    package static func image(width: Int, height: Int, colorType: ColorType, pixels: [UInt8]) -> [UInt8] {
        let rowBytes = width * colorType.bytesPerPixel
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity(height * (rowBytes + 1))
        for row in 0..<height {
            // Each row starts with its filter type, 0 (none).
            scanlines.append(0)
            scanlines += pixels[(row * rowBytes)..<((row + 1) * rowBytes)]
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType.rawValue, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", storedZlib(scanlines)) + chunk("IEND", [])
    }

    /// A chunk: its length, type, data and CRC of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
    }

    /// A zlib stream of stored deflate blocks, each at most 65,535 bytes.
    private static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        stream.reserveCapacity(data.count + data.count / 65_535 * 5 + 11)
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast: UInt8 = offset + length == data.count ? 1 : 0
            stream += [isLast, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            stream += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        return stream + bigEndian(adler32(data))
    }

    /// zlib's checksum of the uncompressed bytes.
    private static func adler32(_ data: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// Four bytes, most significant first, as PNG writes numbers.
    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
