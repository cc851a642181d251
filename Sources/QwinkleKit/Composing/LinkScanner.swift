/// Splits text into plain runs and `http://` / `https://` links, for counting and later for rendering links.
///
/// A link starts where a word starts (not inside one, as in `xhttp://`), runs to the next whitespace, and leaves
/// out trailing sentence punctuation and unmatched closing brackets, as people write "see https://example.com."
public enum LinkScanner {
    /// A piece of scanned text.
    public enum Segment: Hashable, Sendable {
        /// Plain text.
        case text(Substring)
        /// A link.
        case link(Substring)
    }

    /// The text's segments in order; joined together they are the text again.
    public static func segments(of text: String) -> [Segment] {
        var segments: [Segment] = []
        var plainStart = text.startIndex
        var index = text.startIndex
        var previous: Character?
        while index < text.endIndex {
            let character = text[index]
            if startsWord(after: previous), character == "h" || character == "H", let end = linkEnd(in: text, from: index) {
                if plainStart < index { segments.append(.text(text[plainStart..<index])) }
                segments.append(.link(text[index..<end]))
                plainStart = end
                index = end
                previous = text[text.index(before: end)]
                continue
            }
            previous = character
            index = text.index(after: index)
        }
        if plainStart < text.endIndex { segments.append(.text(text[plainStart...])) }
        return segments
    }

    private static let schemes = ["http://", "https://"]
    private static let trailingPunctuation: Set<Character> = [".", ",", ";", ":", "!", "?", "'", "\"", "’", "”"]
    private static let closingBrackets: [Character: Character] = [")": "(", "]": "[", "}": "{", ">": "<"]

    private static func startsWord(after previous: Character?) -> Bool {
        guard let previous else { return true }
        return !(previous.isLetter || previous.isNumber || previous == "_")
    }

    /// The end of a link starting at `start`, or `nil` if no link starts there.
    private static func linkEnd(in text: String, from start: String.Index) -> String.Index? {
        let head = text[start...].prefix(8).lowercased()
        guard let scheme = schemes.first(where: head.hasPrefix) else { return nil }
        let afterScheme = text.index(start, offsetBy: scheme.count)
        var end = text[afterScheme...].firstIndex(where: \.isWhitespace) ?? text.endIndex
        while end > afterScheme, shouldTrim(text[text.index(before: end)], from: text[start..<end]) {
            end = text.index(before: end)
        }
        // A scheme with nothing after it ("see http://") is text, not a link.
        return end > afterScheme ? end : nil
    }

    private static func shouldTrim(_ last: Character, from link: Substring) -> Bool {
        if trailingPunctuation.contains(last) { return true }
        guard let opening = closingBrackets[last] else { return false }
        // Keep a bracket the link itself opened, as in https://en.wikipedia.org/wiki/Swift_(language).
        return link.count(where: { $0 == last }) > link.count(where: { $0 == opening })
    }
}
