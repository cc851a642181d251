/// The CRC-32 that PNG chunks carry (ISO 3309, the one zlib and Ethernet use): a PNG whose chunk fails it
/// was damaged, so it is refused rather than stored.
public enum CRC32 {
    /// The checksum of the bytes, as PNG stores it after each chunk's type and data.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The remainder of each byte value, so the checksum costs one lookup per byte instead of eight shifts.
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
}
