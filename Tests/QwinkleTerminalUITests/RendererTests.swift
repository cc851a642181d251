import QwinkleKit
import Testing

@testable import QwinkleTerminalUI

/// The renderer writes only what changed, with terminfo's sequences.
@Suite struct RendererTests {
    /// After a first frame, changing one character writes a cursor move and that character only.
    @Test func secondFrameWritesOnlyTheChangedCell() {
        var renderer = ScreenRenderer(capabilities: .xterm)
        var screen = Screen(width: 20, height: 5)
        for (offset, character) in "hello".enumerated() { screen.put(character, column: offset, row: 2) }
        _ = renderer.frame(for: screen)
        screen.put("j", column: 0, row: 2)
        let bytes = String(decoding: renderer.frame(for: screen), as: UTF8.self)
        #expect(bytes == "\u{1B}[3;1Hj")
        #expect(renderer.frame(for: screen).isEmpty)
    }

    /// A style change writes its attributes; without colour (NO_COLOR) the colour is left out but bold stays.
    @Test func stylesAreWrittenAndColourDropsWithoutColour() {
        var screen = Screen(width: 4, height: 1)
        screen.put("x", column: 0, row: 0, style: TextStyle(foreground: .red, bold: true))
        var coloured = ScreenRenderer(capabilities: .xterm)
        let withColour = String(decoding: coloured.frame(for: screen), as: UTF8.self)
        #expect(withColour.contains("\u{1B}[38;5;1m"))
        var plain = ScreenRenderer(capabilities: TerminalCapabilities.xterm.withoutColor)
        let withoutColour = String(decoding: plain.frame(for: screen), as: UTF8.self)
        #expect(!withoutColour.contains("38;5"))
        #expect(withoutColour.contains("\u{1B}[1m"))
    }

    /// The terminfo entries of the three terminals the app is tested on give their own sequences.
    @Test(arguments: ["xterm-256color", "screen-256color", "linux"])
    func terminfoEntriesAreRead(term: String) throws {
        let capabilities = TerminalCapabilities.forTerminal(named: term, environment: [:])
        #expect(capabilities.name == term)
        #expect(capabilities.moveCursor(column: 4, row: 2) == "\u{1B}[3;5H")
        #expect(!capabilities.resetStyle.isEmpty)
        switch term {
        case "linux":
            #expect(capabilities.colorCount == 8)
            #expect(capabilities.enterAlternateScreen.isEmpty)
            #expect(!capabilities.reportsMouse)
        default:
            #expect(capabilities.colorCount == 256)
            #expect(!capabilities.enterAlternateScreen.isEmpty)
            #expect(capabilities.reportsMouse)
        }
    }

    /// NO_COLOR, whatever its value, takes the colours away.
    @Test func noColorTakesColoursAway() {
        #expect(TerminalCapabilities.forTerminal(named: "xterm-256color", environment: ["NO_COLOR": "1"]).colorCount == 0)
        #expect(TerminalCapabilities.forTerminal(named: "xterm-256color", environment: [:]).colorCount == 256)
    }

    /// A keystroke in a focused field rewrites only the typed cell and the cursor's: one move, the character, and
    /// the reversed cell after it, however large the screen.
    @Test @MainActor func keystrokeWritesOnlyTheChangedCells() {
        let controller = ViewController()
        let field = TextField()
        field.frame = CellRect(column: 3, row: 2, width: 30, height: 1)
        controller.view.addSubview(field)
        let application = Application()
        application.window.rootViewController = controller
        var renderer = ScreenRenderer(capabilities: .xterm)
        _ = renderer.frame(for: application.render(width: 200, height: 60))
        application.handle(.key(.character("h")))
        let bytes = String(decoding: renderer.frame(for: application.render(width: 200, height: 60)), as: UTF8.self)
        #expect(bytes == "\u{1B}[3;4H\u{1B}(B\u{1B}[m\u{1B}[4mh\u{1B}(B\u{1B}[m\u{1B}[7m \u{1B}(B\u{1B}[m")
    }
}
