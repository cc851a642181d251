import QwinkleKit
import Testing

@testable import QwinkleTerminalUI

/// The in-memory screen: text, styles and two-column characters.
@Suite struct ScreenTests {
    /// Text written through a canvas lands at the view's offset, with its style.
    @Test func canvasWritesTextWithStyleAtOffset() {
        var canvas = Canvas(screen: Screen(width: 10, height: 3))
        canvas.within(CellRect(column: 2, row: 1, width: 5, height: 1)) { canvas in
            canvas.write("hello world", column: 0, row: 0, style: .strong)
        }
        #expect(canvas.screen.text(row: 1) == "  hello   ")
        #expect(canvas.screen[2, 1].style == .strong)
        #expect(canvas.screen[7, 1].style == .plain)
    }

    /// An emoji or a CJK character takes two cells; one that would be cut by the edge is left out.
    @Test func wideCharactersTakeTwoCellsAndAreNeverCut() {
        var screen = Screen(width: 5, height: 1)
        screen.put("日", column: 0, row: 0)
        screen.put("🦄", column: 2, row: 0)
        #expect(screen[1, 0].isContinuation)
        #expect(screen[3, 0].isContinuation)
        #expect(screen.text(row: 0) == "日🦄 ")
        #expect(screen.put("本", column: 4, row: 0) == 0)
    }

    /// Writing over half of a wide character blanks its other half.
    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = Screen(width: 4, height: 1)
        screen.put("日", column: 1, row: 0)
        screen.put("x", column: 2, row: 0)
        #expect(screen.text(row: 0) == "  x ")
        #expect(!screen[2, 0].isContinuation)
    }
}
