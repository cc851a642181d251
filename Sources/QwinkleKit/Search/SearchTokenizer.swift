/// How search splits text into words: runs of letters and digits, lowercased, as SQLite's `unicode61` tokenizer and
/// PostgreSQL's `simple` configuration both split it, so a query and the snippets it marks agree with the indexes.
public enum SearchTokenizer {
    /// A word and where it is in the text.
    public struct Token: Hashable, Sendable {
        /// The word, lowercased.
        public var word: String
        /// Where it stands in the text it was read from.
        public var range: Range<String.Index>
    }

    /// The words of a text, lowercased, in order.
    public static func words(in text: String) -> [String] {
        tokens(in: text).map(\.word)
    }

    /// The words of a text with their places.
    public static func tokens(in text: String) -> [Token] {
        var tokens: [Token] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let isWordCharacter = isWordCharacter(text[index])
            if isWordCharacter, start == nil { start = index }
            if !isWordCharacter, let wordStart = start {
                tokens.append(Token(word: text[wordStart..<index].lowercased(), range: wordStart..<index))
                start = nil
            }
            index = text.index(after: index)
        }
        if let wordStart = start {
            tokens.append(Token(word: text[wordStart...].lowercased(), range: wordStart..<text.endIndex))
        }
        return tokens
    }

    /// Letters and digits make words; everything else (spaces, punctuation, `*`, `"`, `:`) separates them.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
