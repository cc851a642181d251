import QwinkleMedia

/// Small real PNG images for seeded photos: one colour each, stored uncompressed, so no image library is needed.
enum BenchPNG {
    /// A `size`×`size` PNG filled with one RGB colour.
    static func solid(red: UInt8, green: UInt8, blue: UInt8, size: Int = 16) -> [UInt8] {
        // Each row starts with filter type 0 (none).
        let row: [UInt8] = [0] + (0..<size).flatMap { _ in [red, green, blue] }
        let pixels = (0..<size).flatMap { _ in row }
        let header = bigEndian(UInt32(size)) + bigEndian(UInt32(size)) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", storedZlib(pixels)) + chunk("IEND", [])
    }

    /// A chunk: its length, type, data and CRC of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
    }

    /// A zlib stream of one stored (uncompressed) deflate block; the images are far under its 65,535-byte limit.
    private static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        let length = UInt16(data.count)
        let lengthBytes = [UInt8(length & 0xFF), UInt8(length >> 8)]
        let complement = [UInt8(~length & 0xFF), UInt8(~length >> 8)]
        return [0x78, 0x01, 0x01] + lengthBytes + complement + data + bigEndian(adler32(data))
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
