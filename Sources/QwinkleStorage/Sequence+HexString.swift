extension Sequence<UInt8> {
    /// Lowercase hexadecimal, two digits a byte: how a photo's SHA-256 names its file, and how tokens and ETags
    /// are spelled.
    package var hexString: String {
        // Written byte by byte: a string a byte, joined, was a percent of every signed-in request (a token's hash).
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(Self.hexDigit(byte >> 4))
            text.append(Self.hexDigit(byte & 0x0F))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The lowercase hexadecimal digit of a value below 16, as an ASCII byte.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
