import QwinkleKit
import QwinkleTerminalUI

extension SearchSnippet {
    /// How a word the search asked for stands out: bold and reversed, as a terminal's search highlights.
    static let matchStyle = TextStyle(bold: true, reverse: true)

    /// The snippet wrapped into at most `limit` lines of `width` columns, the matching words marked; a snippet that
    /// does not fit ends its last line with `…`.
    func lines(width: Int, limit: Int) -> [StyledText] {
        guard width > 0, limit > 0 else { return [] }
        var lines: [[StyledText.Run]] = []
        var line: [StyledText.Run] = []
        var lineWidth = 0
        for word in words {
            let wordWidth = word.reduce(0) { $0 + $1.text.terminalWidth }
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                (line, lineWidth) = ([], 0)
            }
            if lineWidth > 0 {
                line.append(StyledText.Run(" "))
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
        }
        if !line.isEmpty { lines.append(line) }
        guard lines.count > limit else { return lines.map { StyledText(runs: $0) } }
        var shown = Array(lines.prefix(limit))
        shown[limit - 1].append(StyledText.Run(" \(Self.ellipsis)"))
        return shown.map { StyledText(runs: $0) }
    }

    /// The snippet's words in order, each the runs it is made of: `coffee,` is the marked `coffee` and a plain `,`.
    /// Whitespace only separates words, so a line break in the entry does not break the snippet's lines.
    private var words: [[StyledText.Run]] {
        var words: [[StyledText.Run]] = []
        var word: [StyledText.Run] = []
        for part in parts {
            let style = part.isMatch ? Self.matchStyle : .plain
            var run = ""
            for character in part.text {
                if character.isWhitespace {
                    if !run.isEmpty { word.append(StyledText.Run(run, style: style)) }
                    if !word.isEmpty { words.append(word) }
                    (run, word) = ("", [])
                } else {
                    run.append(character)
                }
            }
            if !run.isEmpty { word.append(StyledText.Run(run, style: style)) }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
