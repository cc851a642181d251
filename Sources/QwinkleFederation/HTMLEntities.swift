/// The character references `HTMLTokenizer` decodes: the named ones servers' notes use (punctuation, quotes, spaces,
/// currency, arrows, the Latin-1 letters), not HTML's whole table of 2,231. A name it does not know is left as it
/// was written, `&` and all: shown as text, never as markup.
enum HTMLEntities {
    /// Names known with their `;`.
    static let named: [String: String] = legacy.merging(others) { first, _ in first }

    /// The names HTML also reads without a `;` (in text; in an attribute only when no `=` or letter follows).
    static let legacy: [String: String] = {
        var names: [String: String] = [
            "amp": "&", "AMP": "&", "lt": "<", "LT": "<", "gt": ">", "GT": ">", "quot": "\"", "QUOT": "\"", "nbsp": "\u{A0}",
            "copy": "©", "COPY": "©", "reg": "®", "REG": "®", "shy": "\u{AD}", "deg": "°", "plusmn": "±", "micro": "µ",
            "para": "¶", "middot": "·", "sect": "§", "laquo": "«", "raquo": "»", "iexcl": "¡", "iquest": "¿", "cent": "¢",
            "pound": "£", "yen": "¥", "curren": "¤", "brvbar": "¦", "uml": "¨", "ordf": "ª", "ordm": "º", "not": "¬",
            "macr": "¯", "acute": "´", "cedil": "¸", "sup1": "¹", "sup2": "²", "sup3": "³", "frac14": "¼", "frac12": "½",
            "frac34": "¾", "times": "×", "divide": "÷",
        ]
        // The Latin-1 letters, from their names' pattern: `Agrave` is À, `agrave` à, and so on.
        let letters: [(String, UInt32)] = [
            ("Agrave", 0xC0), ("Aacute", 0xC1), ("Acirc", 0xC2), ("Atilde", 0xC3), ("Auml", 0xC4), ("Aring", 0xC5), ("AElig", 0xC6),
            ("Ccedil", 0xC7), ("Egrave", 0xC8), ("Eacute", 0xC9), ("Ecirc", 0xCA), ("Euml", 0xCB), ("Igrave", 0xCC), ("Iacute", 0xCD),
            ("Icirc", 0xCE), ("Iuml", 0xCF), ("ETH", 0xD0), ("Ntilde", 0xD1), ("Ograve", 0xD2), ("Oacute", 0xD3), ("Ocirc", 0xD4),
            ("Otilde", 0xD5), ("Ouml", 0xD6), ("Oslash", 0xD8), ("Ugrave", 0xD9), ("Uacute", 0xDA), ("Ucirc", 0xDB), ("Uuml", 0xDC),
            ("Yacute", 0xDD), ("THORN", 0xDE), ("szlig", 0xDF), ("agrave", 0xE0), ("aacute", 0xE1), ("acirc", 0xE2), ("atilde", 0xE3),
            ("auml", 0xE4), ("aring", 0xE5), ("aelig", 0xE6), ("ccedil", 0xE7), ("egrave", 0xE8), ("eacute", 0xE9), ("ecirc", 0xEA),
            ("euml", 0xEB), ("igrave", 0xEC), ("iacute", 0xED), ("icirc", 0xEE), ("iuml", 0xEF), ("eth", 0xF0), ("ntilde", 0xF1),
            ("ograve", 0xF2), ("oacute", 0xF3), ("ocirc", 0xF4), ("otilde", 0xF5), ("ouml", 0xF6), ("oslash", 0xF8), ("ugrave", 0xF9),
            ("uacute", 0xFA), ("ucirc", 0xFB), ("uuml", 0xFC), ("yacute", 0xFD), ("thorn", 0xFE), ("yuml", 0xFF),
        ]
        for (name, value) in letters {
            if let scalar = Unicode.Scalar(value) { names[name] = String(Character(scalar)) }
        }
        return names
    }()

    /// Names read only with their `;`.
    private static let others: [String: String] = [
        "apos": "'", "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“",
        "rdquo": "”", "bdquo": "„", "bull": "•", "prime": "′", "Prime": "″", "lsaquo": "‹", "rsaquo": "›", "euro": "€",
        "trade": "™", "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "ensp": "\u{2002}", "emsp": "\u{2003}",
        "thinsp": "\u{2009}", "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}", "dagger": "†",
        "Dagger": "‡", "permil": "‰", "minus": "−", "infin": "∞", "ne": "≠", "le": "≤", "ge": "≥", "asymp": "≈", "hearts": "♥",
        "star": "☆", "check": "✓", "nbhy": "\u{2011}", "NewLine": "\n", "Tab": "\t", "colon": ":", "sol": "/", "num": "#",
        "commat": "@", "lpar": "(", "rpar": ")", "excl": "!", "quest": "?", "period": ".", "comma": ",", "semi": ";",
        "equals": "=", "lowbar": "_", "dollar": "$", "percnt": "%", "ast": "*", "plus": "+", "lbrack": "[", "rbrack": "]",
        "lbrace": "{", "rbrace": "}", "verbar": "|", "bsol": "\\", "Hat": "^", "grave": "`", "tilde": "˜", "OElig": "Œ",
        "oelig": "œ", "Scaron": "Š", "scaron": "š", "Yuml": "Ÿ", "fnof": "ƒ", "circ": "ˆ",
    ]

    /// The longest name above, so a reference is not looked for past it.
    static let longestName = 8

    /// The characters Windows-1252 gives the C1 control codes, which a numeric reference to one of them stands for
    /// in HTML; and the replacement character for the values no character may have.
    static let windows1252: [UInt32: Unicode.Scalar] = {
        let table: [UInt32: UInt32] = [
            0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02C6,
            0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C,
            0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
            0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
        ]
        return table.compactMapValues { Unicode.Scalar($0) }
    }()
}
