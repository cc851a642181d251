/// Makes any text safe inside XML, as an attribute value or element text.
///
/// A body a person typed may hold `<script>`, `&` or quotes; escaped, it stays text and cannot become markup.
/// Characters XML 1.0 forbids outright (most control characters) are dropped, since no escape can write them and
/// a parser would reject the whole card.
public enum XMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped and the characters XML cannot hold removed.
    public static func escape(_ text: String) -> String {
        let needsWork = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: mayNeedEscaping) }
        guard needsWork ?? text.utf8.contains(where: mayNeedEscaping) else { return text }
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: if isAllowed(scalar) { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }

    /// Whether a UTF-8 byte may start something to escape or drop: a control character, one of the five
    /// special characters, or 0xEF, the lead byte of U+FFFE and U+FFFF. Most text has none, and is returned as is.
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x9, 0xA, 0xD: false
        case 0..<0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0xEF: true
        default: false
        }
    }

    /// XML 1.0's `Char` production: tab, newline, carriage return, and everything from space up but the two
    /// noncharacters U+FFFE and U+FFFF (Swift strings hold no lone surrogates).
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
