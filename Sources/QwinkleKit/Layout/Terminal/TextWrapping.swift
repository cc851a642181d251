/// Breaks text into lines that fit a width in terminal columns, at spaces where it can.
///
/// Both renderers wrap with it: the terminal card by columns, the SVG card by an estimate of how many
/// characters fit its text box. Widths are grapheme-aware (`Character.terminalWidth`), so an emoji or a CJK
/// character counts two columns and a combining accent none.
public enum TextWrapping {
    /// The lines of `text` no wider than `width` columns.
    ///
    /// Each newline starts a new line (an empty line stays empty); runs of spaces between words become one
    /// space; a word longer than a line is broken between characters. A single character wider than `width`
    /// (an emoji in one column) is put on a line of its own. A width below 1 gives no lines.
    public static func lines(of text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            lines(ofParagraph: paragraph, width: width)
        }
    }

    private static func lines(ofParagraph paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(whereSeparator: \.isWhitespace) {
            let wordWidth = word.terminalWidth
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 { lines.append(line) }
            (line, lineWidth) = ("", 0)
            for character in word {
                let characterWidth = character.terminalWidth
                if lineWidth > 0, lineWidth + characterWidth > width {
                    lines.append(line)
                    (line, lineWidth) = ("", 0)
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        lines.append(line)
        return lines
    }
}
