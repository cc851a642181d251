extension Sequence<UInt8> {
    /// Lowercase hexadecimal, two digits a byte: how a photo's SHA-256 names its file, and how tokens and ETags
    /// are spelled.
    package var hexString: String {
        map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
