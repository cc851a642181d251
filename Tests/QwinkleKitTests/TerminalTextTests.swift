import PropertyBased
import QwinkleKit
import Testing

@Suite("Terminal text")
struct TerminalTextTests {
    static let widths: [(Character, Int)] = [
        ("a", 1), ("e\u{301}", 1), ("🦄", 2), ("👩‍👩‍👧‍👦", 2), ("🇫🇷", 2), ("❤️", 2), ("☺", 1), ("漢", 2), ("한", 2), ("Ａ", 2),
        ("ｱ", 1), ("\u{200B}", 0), ("\u{1B}", 0), ("─", 1),
    ]

    @Test("Characters take their terminal width: emoji and wide CJK two columns, invisible ones none", arguments: widths)
    func characterWidth(character: Character, width: Int) {
        #expect(character.terminalWidth == width)
    }

    @Test("Text wraps at spaces, keeps newlines, and breaks a word longer than a line")
    func wrapping() {
        #expect(TextWrapping.lines(of: "the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TextWrapping.lines(of: "one\n\ntwo  three", width: 20) == ["one", "", "two three"])
        #expect(TextWrapping.lines(of: "abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrapping.lines(of: "🦄🦄🦄 ok", width: 4) == ["🦄🦄", "🦄", "ok"])
        #expect(TextWrapping.lines(of: "anything", width: 0).isEmpty)
    }

    @Test("Wrapped lines never exceed the width, and keep every word in order")
    func wrappingProperty() async {
        let words = Gen.element(of: ["a", "unicorn", "🦄", "漢字", "e\u{301}té", "supercalifragilistic", "\n"]).array(of: 0...30)
        await propertyCheck(input: words, Gen.int(in: 2...40)) { words, width in
            let text = words.compactMap { $0 }.joined(separator: " ")
            let lines = TextWrapping.lines(of: text, width: width)
            #expect(lines.allSatisfy { $0.terminalWidth <= width })
            #expect(lines.joined().filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace })
        }
    }

    @Test("A text cell's frame rounds each edge to a cell, so neighbours meet without gap or overlap")
    func cellRounding() {
        var left = TextCell()
        var right = TextCell()
        left.layout(in: Rect(x: 0.4, y: 0, width: 10.2, height: 2.6))
        right.layout(in: Rect(x: 10.6, y: 0, width: 10.2, height: 2.6))
        #expect(left.frame == CellRect(column: 0, row: 0, width: 11, height: 3))
        #expect(right.frame == CellRect(column: 11, row: 0, width: 10, height: 3))
        #expect(left.contents == [left])
    }

    @Test("A bordered cell draws box-drawing lines and clips its text inside them")
    func borderAndClipping() {
        var grid = TextGrid(width: 8, height: 4)
        grid.paint(TextCell(lines: ["hello world", "two", "three", "four"], border: .rounded, frame: CellRect(column: 0, row: 0, width: 8, height: 4)))
        #expect(grid.lines == ["╭──────╮", "│hello │", "│two   │", "╰──────╯"])
    }

    @Test("A wide character that would cross the cell's edge is left out, never cut in half")
    func wideCharacterAtEdge() {
        var grid = TextGrid(width: 5, height: 1)
        grid.paint(TextCell(lines: ["ab🦄"], frame: CellRect(column: 0, row: 0, width: 3, height: 1)))
        #expect(grid.lines == ["ab   "])
        #expect(grid.lines.allSatisfy { $0.terminalWidth == 5 })
    }

    @Test("Painting over half of a wide character blanks its other half")
    func overwritingWideCharacter() {
        var grid = TextGrid(width: 4, height: 1)
        grid.paint(TextCell(lines: ["漢字"], frame: CellRect(column: 0, row: 0, width: 4, height: 1)))
        grid.paint(TextCell(lines: ["x"], frame: CellRect(column: 1, row: 0, width: 1, height: 1)))
        #expect(grid.lines == [" x字"])
        #expect(grid.lines[0].terminalWidth == 4)
    }

    @Test("Over: a line covers from its first to its last character; under: it fills only blank positions")
    func blending() {
        let frame = CellRect(column: 0, row: 0, width: 6, height: 1)
        var grid = TextGrid(width: 6, height: 1)
        grid.paint(TextCell(lines: ["abcdef"], frame: frame))
        grid.paint(TextCell(lines: [" x  y "], frame: frame))
        #expect(grid.lines == ["ax  yf"])
        grid.paint(TextCell(lines: ["******"], blend: .under, frame: frame))
        #expect(grid.lines == ["ax  yf"])

        var sparse = TextGrid(width: 4, height: 1)
        sparse.paint(TextCell(lines: ["a"], frame: frame))
        sparse.paint(TextCell(lines: ["****"], blend: .under, frame: frame))
        #expect(sparse.lines == ["a***"])
    }

    @Test("Centred lines sit in the middle of the cell as a block, keeping their left edges")
    func centring() {
        var grid = TextGrid(width: 7, height: 4)
        grid.paint(TextCell(lines: ["ab", "abcd"], alignment: .center, frame: CellRect(column: 0, row: 0, width: 7, height: 4)))
        #expect(grid.lines == ["       ", " ab    ", " abcd  ", "       "])
    }
}
