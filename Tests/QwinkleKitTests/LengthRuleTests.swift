import QwinkleKit
import Testing

@Suite("The length rule")
struct LengthRuleTests {
    let rule = LengthRule.standard

    @Test("Talk 004's counter: 140, then 117 on attaching a photo, then 115 after typing \"hi\"")
    func talkCase() {
        #expect(rule.assess(body: "", photoCount: 0, visibility: .public).remaining == 140)
        #expect(rule.assess(body: "", photoCount: 1, visibility: .public).remaining == 117)
        #expect(rule.assess(body: "hi", photoCount: 1, visibility: .public).remaining == 115)
    }

    @Test("Short entries have 140, journal and private ones 10,000")
    func limits() {
        #expect(Visibility.allCases.map(rule.limit(for:)) == [140, 140, 140, 10_000, 10_000])
    }

    static let linkCases: [(String, Int)] = [
        ("https://example.com", 23),
        ("http://a.b", 23),
        ("https://example.com/" + String(repeating: "x", count: 200), 23),
        ("HTTPS://EXAMPLE.COM", 23),
        ("see https://example.com", 4 + 23),
        ("see https://example.com.", 4 + 23 + 1),
        ("(https://example.com)", 1 + 23 + 1),
        ("https://en.wikipedia.org/wiki/Swift_(language)", 23),
        ("https://a.example https://b.example", 23 + 1 + 23),
        ("\"https://example.com\"", 1 + 23 + 1),
        ("http:// alone", 13),
        ("https://", 8),
        ("xhttps://example.com", 20),
        ("ftp://example.com", 17),
        ("example.com", 11),
    ]

    @Test("Every link counts 23 whatever its length", arguments: linkCases)
    func links(body: String, weight: Int) {
        #expect(rule.weightedLength(of: body) == weight)
    }

    static let graphemeCases: [(String, Int)] = [
        ("🦄", 1), ("👩‍👩‍👧‍👦", 1), ("🇫🇷", 1), ("🇫🇷🇩🇪", 2), ("e\u{301}", 1), ("👍🏽", 1), ("नमस्ते", 3), ("\r\n", 1), ("", 0), ("   ", 3),
    ]

    @Test("Emoji, combining marks and flags count one each", arguments: graphemeCases)
    func graphemes(body: String, weight: Int) {
        #expect(rule.weightedLength(of: body) == weight)
    }

    @Test("Exactly at the limit may be posted; one over may not")
    func edges() {
        let atLimit = rule.assess(body: String(repeating: "a", count: 140), photoCount: 0, visibility: .followers)
        #expect(atLimit.remaining == 0 && atLimit.canPost)
        let over = rule.assess(body: String(repeating: "a", count: 141), photoCount: 0, visibility: .followers)
        #expect(over.remaining == -1 && !over.canPost && over.problems == [.tooLong(by: 1)])
        let withPhotos = rule.assess(body: String(repeating: "🦄", count: 140 - 4 * 23), photoCount: 4, visibility: .public)
        #expect(withPhotos.remaining == 0 && withPhotos.canPost)
        let journal = rule.assess(body: String(repeating: "a", count: 10_000), photoCount: 0, visibility: .journal)
        #expect(journal.canPost)
        #expect(!rule.assess(body: String(repeating: "a", count: 10_001), photoCount: 0, visibility: .private).canPost)
    }

    @Test("Changing visibility changes the limit of the same text")
    func visibilityChange() {
        let body = String(repeating: "a", count: 500)
        #expect(!rule.assess(body: body, photoCount: 0, visibility: .public).canPost)
        #expect(rule.assess(body: body, photoCount: 0, visibility: .journal).remaining == 9_500)
    }

    @Test("An empty or whitespace-only draft may not be posted; a photo alone may")
    func emptiness() {
        #expect(rule.assess(body: "", photoCount: 0, visibility: .public).problems == [.empty])
        #expect(rule.assess(body: " \n\t", photoCount: 0, visibility: .public).problems == [.empty])
        #expect(rule.assess(body: "", photoCount: 1, visibility: .public).canPost)
    }

    @Test("Five photos are too many")
    func tooManyPhotos() {
        let assessment = rule.assess(body: "hi", photoCount: 5, visibility: .journal)
        #expect(assessment.problems == [.tooManyPhotos(maximum: 4)])
        #expect(assessment.problems.first?.message == "An entry can have at most 4 photos.")
    }

    @Test("The link scanner's pieces rebuild the text")
    func segments() {
        let text = "Read https://example.com/a?b=c, then (http://x.org)! Done."
        let segments = LinkScanner.segments(of: text)
        let rebuilt = segments.map { segment -> Substring in
            switch segment {
            case .text(let piece), .link(let piece): piece
            }
        }.joined()
        #expect(rebuilt == text)
        #expect(segments.compactMap { if case .link(let link) = $0 { String(link) } else { nil } } == ["https://example.com/a?b=c", "http://x.org"])
    }

    @Test("The rule's JSON is what the server publishes at /api/qwinkle/v1/instance")
    func json() throws {
        #expect(try Fixtures.json(LengthRule.standard) == """
            {"characters_reserved_per_photo":23,"characters_reserved_per_url":23,"journal_max_characters":10000,"max_characters":140,"max_photos":4}
            """)
    }
}
