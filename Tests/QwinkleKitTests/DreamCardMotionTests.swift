import QwinkleKit
import Testing

/// The terminal card's layers moved by the card's motion effect.
@Suite struct DreamCardMotionTests {
    /// A two-unicorn card in the rain.
    private let card = DreamCard(details: DreamDetails(creature: .unicorn(.pink), effects: [.rain], numberOfCreatures: .init(2) ?? .one), description: "Unicorns in the rain")

    /// Held level, the card is the still card, cell for cell.
    @Test func levelPoseIsTheStillCard() {
        #expect(card.terminalText(width: 60, pose: .level) == card.terminalText(width: 60))
    }

    /// Tilted, the creatures move and the border and the description stay where they were.
    @Test func tiltMovesCreaturesNotText() {
        let still = card.terminalText(width: 60).split(separator: "\n")
        let tilted = card.terminalText(width: 60, pose: DevicePose(tiltX: 1, tiltY: 0)).split(separator: "\n")
        #expect(still != tilted)
        #expect(still.first == tilted.first)
        #expect(still.last == tilted.last)
        let descriptionRow = still.firstIndex { $0.contains("Unicorns in the rain") }
        #expect(descriptionRow != nil)
        if let descriptionRow {
            #expect(tilted[descriptionRow].contains("Unicorns in the rain"))
            #expect(still[descriptionRow].firstRange(of: "Unicorns in the rain")?.lowerBound.utf16Offset(in: still[descriptionRow])
                == tilted[descriptionRow].firstRange(of: "Unicorns in the rain")?.lowerBound.utf16Offset(in: tilted[descriptionRow]))
        }
    }
}
