import Testing

@testable import QwinkleTerminalUI

/// Bytes from the terminal, decoded.
@Suite struct InputDecoderTests {
    /// Decodes all of `bytes` and then flushes.
    private func decode(_ text: String) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    /// Letters, Enter, Backspace, Ctrl-Z and arrows with modifiers.
    @Test func keys() {
        #expect(decode("a\r\u{7F}\u{1A}") == [.key(.character("a")), .key(.enter), .key(.backspace), .key(.control("z"))])
        #expect(decode("\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}[Z") == [.key(.up), .key(.down), .key(Key(.right, modifiers: .control)), .key(.backTab)])
        #expect(decode("\u{1B}[3~\u{1B}[5~") == [.key(Key(.delete)), .key(Key(.pageUp))])
    }

    /// A lone Esc waits for the timeout (flush), and then is Esc; Esc and a letter is Alt with it.
    @Test func escapeWaitsForTheTimeout() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(decoder.feed(Array("\u{1B}x".utf8)) == [.key(Key(.character("x"), modifiers: .alt))])
    }

    /// UTF-8 split across reads is put back together.
    @Test func utf8SplitAcrossReads() {
        var decoder = InputDecoder()
        let bytes = Array("é🦄".utf8)
        #expect(decoder.feed(bytes.prefix(1)).isEmpty)
        #expect(decoder.feed(bytes.dropFirst().prefix(3)) == [.key(.character("é"))])
        #expect(decoder.feed(bytes.dropFirst(4)) == [.key(.character("🦄"))])
    }

    /// A bracketed paste is text, even when it holds keys the app answers to, and its end marker may be split.
    @Test func bracketedPasteIsText() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~q and c\n\u{1B}[20".utf8)).isEmpty)
        #expect(decoder.feed(Array("1~x".utf8)) == [.paste("q and c\n"), .key(.character("x"))])
    }

    /// SGR mouse reports: a click, a release and the wheel, at 0-based cells.
    @Test func mouse() {
        #expect(decode("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<65;1;1M\u{1B}[<35;2;2M") == [
            .mouse(MouseEvent(.press(button: 0), at: CellPoint(column: 4, row: 2))),
            .mouse(MouseEvent(.release, at: CellPoint(column: 4, row: 2))),
            .mouse(MouseEvent(.wheelDown, at: CellPoint(column: 0, row: 0))),
            .mouse(MouseEvent(.move, at: CellPoint(column: 1, row: 1))),
        ])
    }
}
