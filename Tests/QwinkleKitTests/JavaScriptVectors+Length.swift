import QwinkleKit

/// A text with its photos and visibility, and what `LinkScanner` and `LengthRule.standard` make of them.
struct LengthVector: Encodable {
    /// What is counted.
    struct Input: Encodable {
        /// The entry's text.
        var text: String
        /// How many photos are attached.
        var photos: Int
        /// Who will see the entry, which sets the limit.
        var visibility: Visibility
        /// The content warning's field as typed (empty for none): its characters count, as the content keeps it.
        var warning: String
    }

    /// A run of the text as `LinkScanner.segments` gives it.
    struct Segment: Encodable {
        /// `text` or `link`.
        var kind: String
        /// The run itself.
        var text: String
    }

    /// Swift's answers.
    struct Answer: Encodable {
        /// The text's runs of plain text and links.
        var segments: [Segment]
        /// The text's weighted length, photos included (the warning not).
        var weightedLength: Int
        /// The limit for the visibility.
        var limit: Int
        /// What the counter shows; negative when over.
        var remaining: Int
        /// Whether there is neither text nor photo.
        var isEmpty: Bool
        /// Whether the draft may be posted.
        var canPost: Bool
    }

    /// Names the case, so a failure can say which.
    var id: String
    /// The draft.
    var input: Input
    /// What Swift says of it.
    var swift: Answer

    /// Counts a draft with Qwinkle's standard rule.
    init(_ id: String, _ text: String, photos: Int = 0, visibility: Visibility = .public, warning: String = "") {
        let rule = LengthRule.standard
        let assessment = rule.assess(body: text, photoCount: photos, visibility: visibility, warning: ContentLine.kept(warning))
        self.id = id
        input = Input(text: text, photos: photos, visibility: visibility, warning: warning)
        swift = Answer(
            segments: LinkScanner.segments(of: text).map { segment in
                switch segment {
                case .text(let run): Segment(kind: "text", text: String(run))
                case .link(let run): Segment(kind: "link", text: String(run))
                }
            },
            weightedLength: rule.weightedLength(of: text, photoCount: photos),
            limit: assessment.limit,
            remaining: assessment.remaining,
            isEmpty: assessment.problems.contains(.empty),
            canPost: assessment.canPost
        )
    }

    /// Every case, in a fixed order.
    static var all: [LengthVector] {
        graphemes + links + lengths + counter + warnings
    }

    /// A content warning counts its characters, kept on one line and trimmed, toward the entry's limit; a link in it
    /// is only characters.
    static var warnings: [LengthVector] {
        [
            LengthVector("a warning counts toward the limit", String(repeating: "a", count: 130), warning: "Spoilers"),
            LengthVector("a warning's link is characters", "hi", warning: "see https://example.com/" + String(repeating: "w", count: 60)),
            LengthVector("a warning's spaces and line breaks as kept", "hi", warning: "  Spoilers\n for\r\nthe  end \n"),
            LengthVector("a blank warning counts nothing", String(repeating: "a", count: 140), warning: " \n "),
            LengthVector("a warning's emoji are graphemes", String(repeating: "a", count: 138), warning: "👩‍👩‍👧‍👦🇫🇷"),
            LengthVector("a warning alone is still empty", "", warning: "Spoilers"),
        ]
    }

    /// Grapheme clusters and whitespace: Swift's `Character` against `Intl.Segmenter` and Unicode's properties.
    static var graphemes: [LengthVector] {
        [
            LengthVector("plain ASCII", "Hello, world"),
            LengthVector("empty", ""),
            LengthVector("spaces only", "   "),
            LengthVector("newlines, tabs and CR LF only", "\n\t \r\n"),
            LengthVector("no-break and ideographic spaces only", "\u{A0}\u{3000}\u{2028}\u{85}"),
            LengthVector("zero-width space is not whitespace", "\u{200B}"),
            LengthVector("CR LF is one character", "a\r\nb"),
            LengthVector("family emoji joined by ZWJ", "👩‍👩‍👧‍👦"),
            LengthVector("skin tones", "👍🏽👋🏿 hi"),
            LengthVector("ZWJ sequences with skin tones", "🧑🏽‍💻 and 👩🏿‍🤝‍👨🏻"),
            LengthVector("flags", "🇫🇷🇯🇵🏴󠁧󠁢󠁳󠁣󠁴󠁿"),
            LengthVector("an odd regional indicator", "🇫🇷🇯"),
            LengthVector("keycaps and a variation selector", "1️⃣#️⃣☺️"),
            LengthVector("combining marks", "e\u{301}a\u{308}\u{323} and Z\u{300}\u{301}\u{302}\u{303}a\u{304}\u{305}"),
            LengthVector("precomposed against decomposed", "é e\u{301}"),
            LengthVector("Hangul jamo", "\u{1100}\u{1161}\u{11A8}한국어"),
            LengthVector("Devanagari conjuncts", "नमस्ते क्षत्रिय"),
            LengthVector("Thai", "ภาษาไทย"),
            LengthVector("Hebrew with points", "שָׁלוֹם עולם"),
            LengthVector("Japanese", "日本語のテキスト"),
        ]
    }

    /// Where links start and end: schemes, trailing punctuation, brackets, and links glued to words.
    static var links: [LengthVector] {
        [
            LengthVector("https link", "https://example.com"),
            LengthVector("http link with query and fragment", "see http://example.com/path?q=1&r=2#frag"),
            LengthVector("uppercase schemes", "HTTPS://EXAMPLE.COM and Http://x.y"),
            LengthVector("mixed-case scheme", "hTtPs://example.com"),
            LengthVector("trailing period", "See https://example.com."),
            LengthVector("trailing punctuation run", "Really? https://example.com/?!,;:"),
            LengthVector("quoted links", "'https://example.com' and \"http://example.com\" and “https://example.com”"),
            LengthVector("trailing curly apostrophe", "Look at https://example.com’ and https://example.com’s"),
            LengthVector("Wikipedia's parentheses", "https://en.wikipedia.org/wiki/Swift_(language)."),
            LengthVector("link inside parentheses", "(see https://example.com/a_(b))"),
            LengthVector("unmatched closing brackets", "https://example.com/a)) x https://example.com/)"),
            LengthVector("each kind of bracket", "[https://example.com/x] {https://example.com/y} <https://example.com/z>"),
            LengthVector("brackets inside a link", "https://example.com/[a](b){c}<d>"),
            LengthVector("glued to letters, digits and underscores", "xhttps://example.com 1http://a.b _https://c.d"),
            LengthVector("glued to a letter with a combining mark", "e\u{301}https://a.b"),
            LengthVector("glued to CJK", "見てhttps://example.jp"),
            LengthVector("glued to other digits", "٣https://a.b ½https://c.d 五http://e.f"),
            LengthVector("after punctuation and emoji", "(https://a.b),https://c.d 🙂https://e.f"),
            LengthVector("scheme with nothing after it", "see http:// and https://"),
            LengthVector("scheme followed by punctuation only", "https://. http://)"),
            LengthVector("not http", "ftp://example.com mailto:a@b.c example.com www.example.com"),
            LengthVector("one slash", "http:/example.com"),
            LengthVector("combining mark on the slash", "http:/\u{301}/example.com"),
            LengthVector("combining mark on the h", "h\u{301}ttps://example.com"),
            LengthVector("emoji inside a link", "https://example.com/👍🏽 done"),
            LengthVector("whitespace that ends a link", "https://a.b\u{A0}c https://d.e\u{3000}f https://g.h\nhttps://i.j\r\nk"),
            LengthVector("zero-width space does not end a link", "https://example.com\u{200B}next"),
            LengthVector("two links glued together", "https://a.bhttps://c.d"),
            LengthVector("a long link", "https://example.com/" + String(repeating: "x", count: 300)),
        ]
    }

    /// Lengths around the limits, with links.
    static var lengths: [LengthVector] {
        let link = "https://example.com/" + String(repeating: "y", count: 100)
        let nearlyJournal = String(repeating: "a", count: 9_976)
        return [
            LengthVector("140 exactly", String(repeating: "a", count: 140)),
            LengthVector("141 is one over", String(repeating: "a", count: 141)),
            LengthVector("140 emoji", String(repeating: "👍🏽", count: 140)),
            LengthVector("116 and a long link fit exactly", String(repeating: "a", count: 116) + " " + link),
            LengthVector("117 and a long link are one over", String(repeating: "a", count: 117) + " " + link),
            LengthVector("10,000 exactly in the journal", nearlyJournal + " " + link, visibility: .journal),
            LengthVector("10,001 is over in private", nearlyJournal + "a " + link, visibility: .private),
            LengthVector("10,000 with a photo is over in the journal", nearlyJournal + " " + link, photos: 1, visibility: .journal),
        ]
    }

    /// Each visibility with 0 to 4 photos: 140 or 10,000, every photo 23, and empty only without photos.
    static var counter: [LengthVector] {
        let texts = [
            ("empty", ""), ("blank", "  \n "), ("hi", "hi"),
            ("100 and a link", String(repeating: "b", count: 100) + " https://example.com"),
        ]
        return texts.flatMap { name, text in
            Visibility.allCases.flatMap { visibility in
                (0...4).map { photos in
                    LengthVector("\(name), \(visibility.rawValue), photos: \(photos)", text, photos: photos, visibility: visibility)
                }
            }
        }
    }
}
