/// What a search looks for in an entry's text: one word, or several in a row.
///
/// A term holds only the words a tokenizer found (letters and digits, lowercased), never the text as typed, so a
/// storage can quote each word itself and nothing a person typed reaches a database's query syntax.
public enum SearchTerm: Hashable, Sendable {
    /// One word, such as `shark`.
    case word(String)
    /// Words that must stand next to each other, in this order, such as `"pink unicorn"`.
    case phrase([String])

    /// The term's words, in order.
    public var words: [String] {
        switch self {
        case .word(let word): [word]
        case .phrase(let words): words
        }
    }

    /// The term for some typed text: one word, several in a row, or `nil` when it holds no word at all (`*`, `"`).
    ///
    /// Text the tokenizer splits (`foo-bar`, `don't`) becomes a phrase of its parts, as the full-text indexes split it.
    public init?(text: String) {
        let words = SearchTokenizer.words(in: text)
        switch words.count {
        case 0: return nil
        case 1: self = .word(words[0])
        default: self = .phrase(words)
        }
    }
}
