/// Splits text into words and the runs of whitespace between them, the units a text merge works in:
/// finer than lines, so that edits to different sentences of one paragraph merge, and never inside a word.
///
/// Joined together, the tokens are the text again, character for character.
enum WordTokenizer {
    /// The text's tokens in order: each is a maximal run of whitespace or of other characters.
    static func tokens(of text: String) -> [Substring] {
        var tokens: [Substring] = []
        var start = text.startIndex
        var startIsWhitespace = text.first?.isWhitespace ?? false
        for index in text.indices where text[index].isWhitespace != startIsWhitespace {
            tokens.append(text[start..<index])
            start = index
            startIsWhitespace.toggle()
        }
        if start < text.endIndex { tokens.append(text[start...]) }
        return tokens
    }
}
