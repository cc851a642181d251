import QwinkleKit
import Testing

@Suite("Card text")
struct CardTextTests {
    @Test("The title names the creature, with the count when there is more than one")
    func title() {
        #expect(CardText(details: Fixtures.dream, description: "").title == "Pink unicorn × 3")
        #expect(CardText(details: DreamDetails(creature: .crusty), description: "").title == "Crusty")
    }

    @Test("Effects are listed in their fixed order, and not at all when there are none")
    func footer() {
        let details = DreamDetails(creature: .shark, effects: [.snow, .fireBreathing, .rain])
        #expect(CardText(details: details, description: "").footer == "Effects: Fire breathing, Rain, Snow")
        #expect(CardText(details: DreamDetails(creature: .shark), description: "").footer.isEmpty)
    }

    @Test("The description loses control characters, tabs become spaces, and line endings become newlines")
    func cleaning() {
        let text = CardText(details: Fixtures.dream, description: "  \u{1B}[31mred\u{7}\u{0}\tand\r\nblue\rgreen 🦄\n\n")
        #expect(text.body == "[31mred and\nblue\ngreen 🦄")
    }
}
