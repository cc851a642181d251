/// A piece of an entry's text around what a search found, with the matching words marked: the text as parts, each
/// marked or not, so no marker character can be confused with the text itself.
///
/// It is made from the entry and the parsed query with `SearchTokenizer`, the same way for every storage, so both
/// backends show the same snippet for the same entry.
public struct SearchSnippet: Hashable, Sendable, Codable {
    /// A run of the snippet's text.
    public struct Part: Hashable, Sendable, Codable {
        /// The text.
        public var text: String
        /// Whether it is a word the search asked for.
        public var isMatch: Bool

        /// Describes a run of text.
        public init(text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    /// The parts, in order; joined they are the snippet's text.
    public var parts: [Part]

    /// The most words a snippet shows.
    public static let maximumWords = 24
    /// How many words come before the first match when the text is cut.
    static let wordsBeforeMatch = 6
    /// What stands for text left out at either end.
    public static let ellipsis = "…"

    /// Describes a snippet from its parts.
    public init(parts: [Part]) {
        self.parts = parts
    }

    /// The part of `text` around the first word `query` asks for, at most `maximumWords` words, with every word it
    /// asks for marked. A text without one (found by a filter alone) gives its beginning.
    public init(text: String, query: SearchQuery, maximumWords: Int = Self.maximumWords) {
        let wanted = Set(query.terms.flatMap(\.words))
        let tokens = SearchTokenizer.tokens(in: text)
        let first = tokens.firstIndex { wanted.contains($0.word) } ?? 0
        let start = tokens.count <= maximumWords ? 0 : max(0, min(first - Self.wordsBeforeMatch, tokens.count - maximumWords))
        let end = min(tokens.count, start + maximumWords)
        let from = start == 0 ? text.startIndex : tokens[start].range.lowerBound
        let to = end == tokens.count ? text.endIndex : tokens[end - 1].range.upperBound
        var parts: [Part] = []
        if from > text.startIndex { parts.append(Part(text: Self.ellipsis, isMatch: false)) }
        var position = from
        for token in tokens[start..<end] where wanted.contains(token.word) {
            if position < token.range.lowerBound { parts.append(Part(text: String(text[position..<token.range.lowerBound]), isMatch: false)) }
            parts.append(Part(text: String(text[token.range]), isMatch: true))
            position = token.range.upperBound
        }
        if position < to { parts.append(Part(text: String(text[position..<to]), isMatch: false)) }
        if to < text.endIndex { parts.append(Part(text: Self.ellipsis, isMatch: false)) }
        self.parts = parts
    }

    /// The snippet's text, unmarked.
    public var text: String {
        parts.map(\.text).joined()
    }
}
