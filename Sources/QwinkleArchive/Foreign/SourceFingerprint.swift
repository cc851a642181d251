/// A short, stable name for text that has no ID of its own (a jrnl entry), so an import can tell it has seen the
/// entry before: 64-bit FNV-1a over the UTF-8 bytes, in hexadecimal.
///
/// It is not a security measure: an entry written twice with the same time and text is the same entry to an import.
enum SourceFingerprint {
    static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
