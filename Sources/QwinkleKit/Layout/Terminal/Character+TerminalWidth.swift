extension Character {
    /// How many terminal columns the character takes: 2 for emoji and East Asian wide or fullwidth characters,
    /// 0 for control and invisible format characters, 1 for the rest.
    ///
    /// A `Character` is a whole grapheme cluster, so "e" with a combining accent, a family emoji joined with
    /// zero-width joiners, and a flag of two regional indicators are each measured once.
    public var terminalWidth: Int {
        // Most text is ASCII, and looking up Unicode properties costs far more than this test.
        if let ascii = asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        guard let first = unicodeScalars.first else { return 0 }
        // Box-drawing characters, which every card's border is made of, are narrow.
        if (0x2500...0x257F).contains(first.value) { return 1 }
        // An emoji variation selector asks for the wide, coloured presentation even of a text-default symbol (❤️).
        if first.properties.isEmojiPresentation || unicodeScalars.contains("\u{FE0F}") { return 2 }
        if Self.wideRanges.contains(where: { $0.contains(first.value) }) { return 2 }
        switch first.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return 0
        default: return 1
        }
    }

    /// The East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F), by block:
    /// Hangul, CJK, kana, Yi, compatibility ideographs, fullwidth forms and the supplementary ideograph planes.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension StringProtocol {
    /// How many terminal columns the text takes, character by character (see `Character.terminalWidth`).
    public var terminalWidth: Int {
        reduce(0) { $0 + $1.terminalWidth }
    }
}
