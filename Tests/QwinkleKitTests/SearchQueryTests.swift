import Foundation
import QwinkleKit
import Testing

/// The search syntax: what a person types, read into words and filters, or refused naming the problem.
@Suite("Search query")
struct SearchQueryTests {
    @Test("Words, quoted phrases and excluded words are read, lowercased and split as the indexes split them")
    func wordsAndPhrases() throws {
        let query = try SearchQuery(parsing: #"Shark  "Pink Unicorn" -rain -"very wet" foo-bar"#)
        #expect(query.terms == [.word("shark"), .phrase(["pink", "unicorn"]), .phrase(["foo", "bar"])])
        #expect(query.excluded == [.word("rain"), .phrase(["very", "wet"])])
        #expect(query.author == nil && query.kind == nil && query.creatures.isEmpty && !query.hasPhoto)
    }

    @Test("Every filter is read")
    func filters() throws {
        let query = try SearchQuery(parsing: "from:@Abe kind:dream creature:shark has:photo before:2026-11-26 after:2026-01-31")
        #expect(query.terms.isEmpty)
        #expect(query.author == "abe")
        #expect(query.kind == .dream)
        #expect(query.creatures == [.shark])
        #expect(query.hasPhoto)
        #expect(query.before == Date(timeIntervalSince1970: 1_795_651_200))  // 2026-11-26T00:00:00Z
        #expect(query.after == Date(timeIntervalSince1970: 1_769_904_000))  // 2026-02-01T00:00:00Z: after the 31st ended
        #expect(try SearchQuery(parsing: "from:abe").author == "abe")
        #expect(try SearchQuery(parsing: "creature:unicorn").creatures == [.unicorn(.pink), .unicorn(.white), .unicorn(.yellow)])
        #expect(try SearchQuery(parsing: "creature:unicorn_pink").creatures == [.unicorn(.pink)])
    }

    @Test("Query syntax of the databases is only text: * NEAR AND : ^ and quotes inside words")
    func databaseSyntaxIsText() throws {
        #expect(try SearchQuery(parsing: "shark AND NEAR(dragon) ^rain col*").terms
            == [.word("shark"), .word("and"), .phrase(["near", "dragon"]), .word("rain"), .word("col")])
        #expect(try SearchQuery(parsing: "12:30 it's").terms == [.phrase(["12", "30"]), .phrase(["it", "s"])])
        #expect(try SearchQuery(parsing: #"shark "" * - -*"#).terms == [.word("shark")])
        #expect(try SearchQuery(parsing: #"say "a:b" now"#).terms == [.word("say"), .phrase(["a", "b"]), .word("now")])
    }

    @Test("Each problem is refused with its own error", arguments: [
        ("", SearchQueryError.empty),
        ("   * \"\"", .empty),
        ("-shark", .empty),
        ("\"pink unicorn", .unbalancedQuote),
        ("shark \"", .unbalancedQuote),
        ("http://example.com", .unknownOperator("http")),
        ("title:shark", .unknownOperator("title")),
        ("-kind:dream", .unknownOperator("-kind")),
        ("from:", .missingValue(operator: "from")),
        ("from:@a", .invalidUsername("@a")),
        ("from:@abe! shark", .invalidUsername("@abe!")),
        ("kind:poem", .unknownKind("poem")),
        ("creature:cat", .unknownCreature("cat")),
        ("has:video", .unknownHas("video")),
        ("before:2026-02-30", .invalidDate(operator: "before", value: "2026-02-30")),
        ("after:yesterday", .invalidDate(operator: "after", value: "yesterday")),
        ("before:2026-1-05", .invalidDate(operator: "before", value: "2026-1-05")),
        ("kind:dream kind:update", .repeatedOperator("kind")),
        (String(repeating: "a ", count: 17), .tooManyTerms(maximum: 16)),
        (String(repeating: "a", count: 501), .tooLong(maximum: 500)),
    ])
    func refused(text: String, expected: SearchQueryError) {
        #expect(throws: expected) { try SearchQuery(parsing: text) }
        #expect(!expected.message.isEmpty && !expected.code.isEmpty)
    }

    @Test("A snippet marks every wanted word and keeps the text around the first one")
    func snippet() throws {
        let query = try SearchQuery(parsing: "shark -rain")
        let short = SearchSnippet(text: "A Shark! Then rain, and a shark.", query: query)
        #expect(short.parts == [
            .init(text: "A ", isMatch: false), .init(text: "Shark", isMatch: true), .init(text: "! Then rain, and a ", isMatch: false),
            .init(text: "shark", isMatch: true), .init(text: ".", isMatch: false),
        ])
        let long = (1...60).map { "w\($0)" }.joined(separator: " ").replacing("w30 ", with: "shark ")
        let cut = SearchSnippet(text: long, query: query)
        #expect(cut.parts.first == .init(text: SearchSnippet.ellipsis, isMatch: false))
        #expect(cut.parts.last == .init(text: SearchSnippet.ellipsis, isMatch: false))
        #expect(cut.parts.filter(\.isMatch).map(\.text) == ["shark"])
        #expect(cut.text.hasPrefix("…w24 w25"))
        #expect(SearchTokenizer.words(in: cut.text).count == SearchSnippet.maximumWords)
    }
}
