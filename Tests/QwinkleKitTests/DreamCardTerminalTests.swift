import Foundation
import QwinkleKit
import Testing

@Suite("Dream cards on the terminal")
struct DreamCardTerminalTests {
    private func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    @Test("Every line is exactly as wide as asked, with emoji and CJK in the description", arguments: [30, 60, 81])
    func exactWidth(width: Int) {
        let card = DreamCard(details: Fixtures.dream, description: "Rain 🌧️ on 漢字 and a family 👩‍👩‍👧‍👦, e\u{301}té, 🇫🇷.")
        let text = card.terminalText(width: width)
        #expect(text.hasSuffix("\n"))
        #expect(lines(text).allSatisfy { $0.terminalWidth == width })
    }

    @Test("The card is a rounded box holding the title, the description and the effects")
    func content() throws {
        let text = DreamCard(details: Fixtures.dream, description: "Wet hooves.").terminalText()
        let rows = lines(text)
        let first = try #require(rows.first)
        let last = try #require(rows.last)
        #expect(first.first == "╭" && first.last == "╮" && last.first == "╰" && last.last == "╯")
        #expect(rows.dropFirst().dropLast().allSatisfy { $0.first == "│" && $0.last == "│" })
        #expect(text.contains("Pink unicorn × 3") && text.contains("Wet hooves.") && text.contains("Effects: Laser focus, Rain"))
    }

    @Test("A single creature shows its whole ASCII art", arguments: Creature.allCases)
    func creatureArt(creature: Creature) {
        let text = DreamCard(details: DreamDetails(creature: creature), description: "").terminalText()
        for line in creature.textArt {
            #expect(text.contains(line.trimmingCharacters(in: .whitespaces)), "missing \(line)")
        }
    }

    @Test("A long description makes the card taller, and every word of it is there in order")
    func longDescription() {
        let words = (1...120).map { "word\($0)" }
        let text = DreamCard(details: Fixtures.dream, description: words.joined(separator: " ")).terminalText()
        #expect(lines(text).count > 11)
        let shown = text.split(whereSeparator: { $0.isWhitespace || $0 == "│" }).filter { $0.hasPrefix("word") }
        #expect(shown.map(String.init) == words)
    }

    @Test("Escape sequences and other control characters in a description never reach the terminal")
    func controlCharacters() {
        let text = DreamCard(details: Fixtures.dream, description: "red \u{1B}[31mtext\u{7}\u{0}\ttab\r\nline").terminalText()
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(text.contains("red [31mtext tab"))
        #expect(lines(text).allSatisfy { $0.terminalWidth == 60 })
    }

    @Test("A width below the minimum gives the narrowest card")
    func minimumWidth() {
        let card = DreamCard(details: DreamDetails(creature: .crusty, effects: [.magic, .snow]), description: "Protocols.")
        #expect(lines(card.terminalText(width: 5)).allSatisfy { $0.terminalWidth == DreamCard.minimumTerminalWidth })
    }

    @Test("The same dream gives the same text, however its set of effects was built")
    func determinism() {
        // A set's order follows its capacity, its insertion order and the process's hash seed; the text must not.
        var forwards = Set<DreamEffect>(minimumCapacity: 64)
        var backwards = Set<DreamEffect>()
        DreamEffect.allCases.forEach { forwards.insert($0) }
        DreamEffect.allCases.reversed().forEach { backwards.insert($0) }
        let first = DreamCard(details: DreamDetails(creature: .crusty, effects: forwards), description: "Protocols.").terminalText()
        let second = DreamCard(details: DreamDetails(creature: .crusty, effects: backwards), description: "Protocols.").terminalText()
        #expect(first == second)
    }
}
