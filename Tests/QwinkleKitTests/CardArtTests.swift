import QwinkleKit
import Testing

@Suite("Card art")
struct CardArtTests {
    @Test("Every creature and every effect has its own picture")
    func distinctPictures() {
        #expect(Set(Creature.allCases.map(\.svgArt)).count == Creature.allCases.count)
        #expect(Set(DreamEffect.allCases.map(\.svgArt)).count == DreamEffect.allCases.count)
        #expect(Set(Creature.allCases.map(\.textArt)).count >= 4)
        #expect(Set(DreamEffect.allCases.map(\.textGlyph)).count == DreamEffect.allCases.count)
    }

    @Test("The three unicorns are the same drawing in different colours")
    func unicornColours() {
        let unicorns = Creature.Unicorn.Color.allCases.map { Creature.unicorn($0).svgArt }
        let shapes = unicorns.map { $0.children.map { $0.attributes.filter { $0.name != "fill" } } }
        #expect(Set(shapes).count == 1)
        let fills = unicorns.map { $0.children.compactMap { $0[attribute: "fill"] } }
        #expect(Set(fills).count == 3)
    }

    @Test("Each picture is a nested SVG in a 100 × 100 box, ready for a layout to place")
    func pictureBox() {
        for art in Creature.allCases.map(\.svgArt) + DreamEffect.allCases.map(\.svgArt) {
            #expect(art.name == "svg" && art[attribute: "viewBox"] == "0 0 100 100" && !art.children.isEmpty)
        }
    }

    @Test("A terminal effect is a sparse sprinkle of its glyph, the same every time")
    func textEffect() {
        let field = DreamEffect.snow.textArt(width: 20, height: 10)
        #expect(field.count == 10 && field.allSatisfy { $0.count == 20 })
        let flakes = field.joined().filter { $0 == "*" }.count
        #expect(flakes > 0 && flakes < 20)
        #expect(field == DreamEffect.snow.textArt(width: 20, height: 10))
        #expect(DreamEffect.rain.textArt(width: 0, height: 5).isEmpty)
    }
}
