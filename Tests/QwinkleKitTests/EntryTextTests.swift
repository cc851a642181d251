import Foundation
import QwinkleKit
import Testing

@Suite("Mentions and tags in an entry's text")
struct EntryTextTests {
    @Test("Mentions, tags and links are found where words start, and the pieces join back into the text")
    func segments() {
        let text = "Coffee with @Abe and @mary@Example.org. #Morning #café! https://example.com/#anchor @x mail me: me@example.com #1 x#y &#38;"
        let parsed = EntryText(text)
        #expect(parsed.segments.map(Self.text).joined() == text)
        #expect(parsed.mentionNames == [
            MentionName(username: "abe"), MentionName(username: "mary", host: "example.org"), MentionName(username: "x"),
        ])
        #expect(parsed.tags == ["morning", "café"])
        #expect(parsed.segments.contains(.link("https://example.com/#anchor")))
        #expect(parsed.segments.contains(.mention("@mary@Example.org", MentionName(username: "mary", host: "example.org"))))
    }

    @Test("Tags compare case-insensitively and by their NFKC form; each is listed once")
    func tagNormalization() {
        let decomposed = "cafe\u{301}"
        let parsed = EntryText("#Café #CAFÉ #\(decomposed) #ｃａｆé #日本語 #under_score")
        #expect(parsed.tags == ["café", "日本語", "under_score"])
        #expect(Tag.parse("#Café") == "café")
        #expect(Tag.parse("Café") == "café")
        #expect(Tag.parse("two words") == nil)
        #expect(Tag.parse("#123") == nil)
        #expect(Tag.parse("") == nil)
        #expect(Tag.parse(String(repeating: "a", count: 101)) == nil)
    }

    @Test("A name that runs on is not a mention: too long, or followed by letters no username has")
    func notMentions() {
        #expect(EntryText("@\(String(repeating: "a", count: 31))").mentionNames.isEmpty)
        #expect(EntryText("@abé").mentionNames.isEmpty)
        #expect(EntryText("@@abe").mentionNames.isEmpty)
        #expect(EntryText("(@abe)").mentionNames == [MentionName(username: "abe")])
        #expect(EntryText("@abe, @abe").mentionNames == [MentionName(username: "abe")])
    }

    @Test("A handle elsewhere may name its server's port; a colon before anything but a port is the sentence's")
    func ports() {
        #expect(EntryText("Hi @bea@10.0.0.2:8443!").mentionNames == [MentionName(username: "bea", host: "10.0.0.2:8443")])
        #expect(EntryText("ask @bea@social.example: she knows").mentionNames == [MentionName(username: "bea", host: "social.example")])
        #expect(EntryText("@bea@social.example:123456").mentionNames == [MentionName(username: "bea", host: "social.example")])
        #expect(EntryText("@bea@social.example:80a").mentionNames == [MentionName(username: "bea", host: "social.example")])
        let text = "Hi @bea@10.0.0.2:8443!"
        #expect(EntryText(text).segments.map(Self.text).joined() == text)
    }

    private static func text(_ segment: EntryText.Segment) -> String {
        switch segment {
        case .text(let text), .link(let text), .mention(let text, _), .tag(let text, _): text
        }
    }
}

@Suite("Tags in a search")
struct SearchTagTests {
    @Test("#tag in a query is a filter on the tag, normalized; -#tag stays an excluded word")
    func tagFilter() throws {
        let query = try SearchQuery(parsing: "#Café coffee -#tea")
        #expect(query.tags == ["café"])
        #expect(query.terms.count == 1)
        #expect(query.excluded.count == 1)
        #expect(try SearchQuery(parsing: "#morning").narrows)
    }
}
