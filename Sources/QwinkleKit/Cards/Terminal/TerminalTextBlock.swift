/// The description of a terminal card: a layout that, like a label, wraps its text to the width it is given.
///
/// Its one leaf is a text cell holding the title, a blank line, the wrapped body, a blank line and the effects.
/// It does not cut text: the renderer makes the card tall enough for `lines`.
struct TerminalTextBlock: Layout {
    typealias Content = TextCell

    var text: CardText
    private(set) var cell = TextCell()

    init(text: CardText) {
        self.text = text
    }

    mutating func layout(in rect: Rect) {
        cell.layout(in: rect)
        cell.lines = lines(width: cell.frame.width)
    }

    var contents: [TextCell] { [cell] }

    /// The wrapped lines for a width in columns.
    func lines(width: Int) -> [String] {
        let paragraphs = [text.title, text.body, text.footer].filter { !$0.isEmpty }
        return paragraphs.enumerated().flatMap { index, paragraph in
            (index == 0 ? [] : [""]) + TextWrapping.lines(of: paragraph, width: width)
        }
    }
}
