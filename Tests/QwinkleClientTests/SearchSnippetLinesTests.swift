import QwinkleKit
import QwinkleTerminalUI
import Testing

@testable import QwinkleCLI

/// The terminal app's search results: a snippet wrapped to the table's width with the matching words marked.
@Suite struct SearchSnippetLinesTests {
    /// A snippet of `text` for `query`, made as the server makes it.
    private func snippet(_ text: String, _ query: String) throws -> SearchSnippet {
        SearchSnippet(text: text, query: try SearchQuery(parsing: query))
    }

    @Test("Only the words asked for are marked, punctuation beside them stays plain, and whitespace never splits a word")
    func marksTheMatches() throws {
        let lines = try snippet("Coffee, then more coffee.\nNo tea", "coffee").lines(width: 80, limit: 2)
        #expect(lines.map(\.plainText) == ["Coffee, then more coffee. No tea"])
        let marked = lines[0].runs.filter { $0.style == SearchSnippet.matchStyle }.map(\.text)
        #expect(marked == ["Coffee", "coffee"])
    }

    @Test("Lines fit the width, and a snippet longer than the limit ends with an ellipsis")
    func wrapsAndCuts() throws {
        let text = "the quick brown fox jumps over the lazy dog while the cat watches from the warm window sill"
        let lines = try snippet(text, "fox").lines(width: 20, limit: 2)
        #expect(lines.count == 2)
        #expect(lines[0].plainText == "the quick brown fox")
        #expect(lines[1].plainText.hasSuffix(" …"))
        #expect(lines.allSatisfy { $0.plainText.dropLast(2).count <= 20 })
        #expect(try snippet(text, "fox").lines(width: 200, limit: 2).count == 1)
    }
}
