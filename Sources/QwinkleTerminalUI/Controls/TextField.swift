import QwinkleKit

/// Editable text: one line that scrolls sideways, or several that wrap (a compose box). It sends
/// `editingChanged` on every change, `editingDidEnd` when it loses the focus, and, on one line,
/// `primaryActionTriggered` on Enter.
@MainActor
public final class TextField: Control {
    /// The text.
    public var text: String {
        didSet {
            // Text set from outside (a restored draft, a merge) puts the cursor at its end, ready to go on typing.
            cursor = isTyping ? min(cursor, text.count) : text.count
            if text != oldValue { setNeedsDisplay() }
        }
    }
    /// Whether the text is being changed by the person's keys, which place the cursor themselves.
    private var isTyping = false
    /// Shown dim while the text is empty.
    public var placeholder: String
    /// Whether the text is shown as dots (a password).
    public var isSecure = false
    /// Whether the field has several lines: Enter starts a new line and long lines wrap.
    public var isMultiline = false
    /// Where the cursor is, in characters from the start.
    public private(set) var cursor = 0

    /// A field with a placeholder.
    public init(text: String = "", placeholder: String = "") {
        self.text = text
        self.placeholder = placeholder
        cursor = text.count
        super.init()
    }

    /// Every character typed, and the keys that move and delete within the text.
    override public func takesKey(_ key: Key) -> Bool {
        guard isEnabled else { return false }
        if key.typedCharacter != nil { return true }
        let editing: Set<Key> = [
            .enter, .backspace, Key(.delete), .left, .right, Key(.home), Key(.end), .control("a"), .control("e"), .control("u"),
        ]
        return editing.contains(key)
    }

    /// Typing, deleting and moving the cursor; keys it does not use (Tab, Esc, arrows off the line) go up the chain.
    override public func handleKey(_ key: Key) -> Bool {
        guard isEnabled else { return false }
        if let character = key.typedCharacter {
            insert(String(character))
            return true
        }
        isTyping = true
        defer { isTyping = false }
        switch key {
        case .enter where isMultiline: insert("\n")
        case .enter:
            sendActions(for: .primaryActionTriggered)
        case .backspace:
            guard cursor > 0 else { return true }
            let index = text.index(text.startIndex, offsetBy: cursor - 1)
            text.remove(at: index)
            cursor -= 1
            sendActions(for: .editingChanged)
        case Key(.delete):
            guard cursor < text.count else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
            sendActions(for: .editingChanged)
        case .left: moveCursor(to: cursor - 1)
        case .right: moveCursor(to: cursor + 1)
        case Key(.home), .control("a"): moveCursor(to: 0)
        case Key(.end), .control("e"): moveCursor(to: text.count)
        case .control("u"):
            guard !text.isEmpty else { return true }
            text = ""
            cursor = 0
            sendActions(for: .editingChanged)
        default: return false
        }
        return true
    }

    /// Pasted text goes in as it is (on one line, its line breaks become spaces), never as keys.
    override public func handlePaste(_ text: String) -> Bool {
        guard isEnabled else { return false }
        // Terminals paste line breaks as CR (tmux, xterm) or CRLF; the text keeps them as LF.
        let lines = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
        insert(isMultiline ? lines : lines.replacing("\n", with: " "))
        return true
    }

    /// A click puts the focus here (the application does that); the field itself needs nothing more.
    override public func handleMouse(_ event: MouseEvent) -> Bool {
        if case .press(0) = event.kind { return true }
        return false
    }

    /// Leaving the field is when a form judges it.
    override public func didResignFirstResponder() {
        super.didResignFirstResponder()
        sendActions(for: .editingDidEnd)
    }

    /// The text (or placeholder), with the cursor shown reversed while the field has the focus.
    override public func draw(in canvas: inout Canvas) {
        let fieldStyle = TextStyle(underline: true, dim: !isEnabled)
        canvas.fill(style: fieldStyle)
        if text.isEmpty {
            canvas.write(placeholder, column: 0, row: 0, style: TextStyle(underline: true, dim: true))
            // The cursor sits on the placeholder's first character rather than hiding it.
            if isFirstResponder { canvas.write(String(placeholder.first ?? " "), column: 0, row: 0, style: TextStyle(reverse: true)) }
            return
        }
        let shown = isSecure ? String(repeating: "•", count: text.count) : text
        let rows = isMultiline ? wrappedRows(of: shown, width: frame.width) : [singleLineRow(of: shown)]
        let cursorRow = rows.lastIndex { $0.start <= cursor } ?? 0
        let firstRow = max(0, cursorRow - frame.height + 1)
        for (offset, row) in rows.dropFirst(firstRow).prefix(frame.height).enumerated() {
            var column = 0
            for (index, character) in zip(row.start..., row.characters) {
                let style = isFirstResponder && index == cursor ? TextStyle(reverse: true) : fieldStyle
                column = canvas.write(String(character), column: column, row: offset, style: style)
            }
            if isFirstResponder, offset + firstRow == cursorRow, cursor == row.start + row.characters.count {
                canvas.write(" ", column: column, row: offset, style: TextStyle(reverse: true))
            }
        }
    }

    /// A row of shown text: the characters and the index of the first.
    private struct Row {
        /// The text index of the first character.
        var start: Int
        /// The characters shown on the row.
        var characters: [Character]
    }

    /// The one line, scrolled so the cursor is in view.
    private func singleLineRow(of shown: String) -> Row {
        let characters = Array(shown)
        var start = 0
        // Scroll by whole characters until the text up to the cursor, and the cursor, fit.
        while start < cursor, characters[start..<cursor].reduce(0, { $0 + $1.terminalWidth }) + 1 > frame.width { start += 1 }
        return Row(start: start, characters: Array(characters[start...]))
    }

    /// The text broken into rows at line breaks and at the width (between characters, so the cursor maps exactly).
    private func wrappedRows(of shown: String, width: Int) -> [Row] {
        var rows: [Row] = []
        var current = Row(start: 0, characters: [])
        var columns = 0
        for (index, character) in shown.enumerated() {
            if character == "\n" {
                rows.append(current)
                current = Row(start: index + 1, characters: [])
                columns = 0
                continue
            }
            if columns + character.terminalWidth > max(width - 1, 1) {
                rows.append(current)
                current = Row(start: index, characters: [])
                columns = 0
            }
            current.characters.append(character)
            columns += character.terminalWidth
        }
        rows.append(current)
        return rows
    }

    /// Inserts text at the cursor and says the text changed.
    private func insert(_ inserted: String) {
        guard !inserted.isEmpty else { return }
        isTyping = true
        defer { isTyping = false }
        let index = text.index(text.startIndex, offsetBy: cursor)
        text.insert(contentsOf: inserted, at: index)
        cursor += inserted.count
        sendActions(for: .editingChanged)
    }

    /// Moves the cursor within the text.
    private func moveCursor(to position: Int) {
        let clamped = min(max(position, 0), text.count)
        guard clamped != cursor else { return }
        cursor = clamped
        setNeedsDisplay()
    }
}
