/// The lines that set off both sides of a conflicting stretch of text, as git writes them, so that a person
/// (or the `qwinkle` command, opening an editor) can resolve it by hand:
///
///     <<<<<<< theirs
///     their words
///     =======
///     your words
///     >>>>>>> yours
public enum ConflictMarkers {
    /// The line before their side.
    public static let theirs = "<<<<<<< theirs"
    /// The line between the two sides.
    public static let separator = "======="
    /// The line after your side.
    public static let yours = ">>>>>>> yours"

    /// Whether the text still holds a conflict: a line starting `<<<<<<<`, then a `=======` line, then a line
    /// starting `>>>>>>>`. Any one of them alone (a row of `=` under a heading, say) is not a conflict.
    public static func hasUnresolvedConflict(in text: String) -> Bool {
        var expected = 0
        // "\r\n" is one Character, a newline like "\n".
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            switch expected {
            case 0 where line.hasPrefix("<<<<<<<"): expected = 1
            case 1 where line == separator: expected = 2
            case 2 where line.hasPrefix(">>>>>>>"): return true
            default: continue
            }
        }
        return false
    }

    /// Appends both sides of a conflict, each marker on a line of its own.
    static func append(theirs: some StringProtocol, yours: some StringProtocol, to text: inout String) {
        endLine(&text)
        text += Self.theirs + "\n"
        text += theirs
        endLine(&text)
        text += separator + "\n"
        text += yours
        endLine(&text)
        text += Self.yours + "\n"
    }

    private static func endLine(_ text: inout String) {
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
    }
}
