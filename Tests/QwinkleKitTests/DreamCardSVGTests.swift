import Foundation
import QwinkleKit
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Dream cards in SVG")
struct DreamCardSVGTests {
    static let hostile = "<script>alert('x')</script> & \"friends\" ]]> <!-- \u{0}\u{1B}[2J"

    /// Parses the SVG, returning the parse error if it is not well-formed XML, and counting each element's name.
    private func parse(_ svg: String) -> (error: (any Error)?, elements: [String: Int]) {
        let recorder = ElementRecorder()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = recorder
        _ = parser.parse()
        return (parser.parserError, recorder.elements)
    }

    @Test("Every creature with every effect gives well-formed XML, even with a hostile description")
    func wellFormed() {
        for creature in Creature.allCases {
            let details = DreamDetails(creature: creature, effects: Set(DreamEffect.allCases), numberOfCreatures: CreatureCount(4)!)
            let result = parse(DreamCard(details: details, description: Self.hostile).svg())
            #expect(result.error == nil, "\(creature): \(String(describing: result.error))")
            #expect(result.elements["svg", default: 0] > 4)
            #expect(result.elements["script"] == nil)
        }
    }

    @Test("A <script> and & in the description come out escaped, as text")
    func escapesDescription() {
        let svg = DreamCard(details: Fixtures.dream, description: Self.hostile).svg()
        #expect(!svg.contains("<script"))
        #expect(svg.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &quot;friends&quot;"))
        #expect(!svg.contains("\u{0}") && !svg.contains("\u{1B}"))
    }

    @Test("The card is a 500 × 200 SVG that loads nothing: no links, images, scripts, fonts or styles from elsewhere")
    func selfContained() {
        let svg = DreamCard(details: Fixtures.dream, description: "https://example.com is where I dreamt it").svg()
        #expect(svg.contains(#"viewBox="0 0 500 200""#))
        let markup = svg.replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
            .replacingOccurrences(of: "https://example.com is where", with: "")
        for forbidden in ["://", "href", "<image", "<script", "<style", "@import", "@font-face", "url(", "<foreignObject"] {
            #expect(!markup.contains(forbidden), "found \(forbidden)")
        }
    }

    @Test("Text uses generic font families only")
    func genericFonts() throws {
        let svg = DreamCard(details: Fixtures.dream, description: "Hello").svg()
        let families = svg.components(separatedBy: #"font-family=""#).dropFirst().compactMap { $0.split(separator: "\"").first }
        #expect(!families.isEmpty)
        let generic: Set<Substring> = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-rounded", "ui-sans-serif"]
        #expect(families.allSatisfy { $0.split(separator: ",").allSatisfy { generic.contains($0.drop { $0 == " " }) } })
    }

    @Test("The same dream gives the same bytes, however its set of effects was built")
    func deterministic() {
        var forwards = Set<DreamEffect>(minimumCapacity: 64)
        var backwards = Set<DreamEffect>()
        DreamEffect.allCases.forEach { forwards.insert($0) }
        DreamEffect.allCases.reversed().forEach { backwards.insert($0) }
        let first = DreamCard(details: DreamDetails(creature: .dragon, effects: forwards), description: "Hot").svg()
        let second = DreamCard(details: DreamDetails(creature: .dragon, effects: backwards), description: "Hot").svg()
        #expect(first == second)
        #expect(first == DreamCard(details: DreamDetails(creature: .dragon, effects: forwards), description: "Hot").svg())
    }

    @Test("Each layer is a group named for the web app, moved by CSS from the card's own motion effect")
    func layers() {
        let card = DreamCard(details: Fixtures.dream, description: "Layers")
        let svg = card.svg()
        var previous = svg.startIndex
        for layer in CardLayer.allCases {
            let group = #"<g data-layer="\#(layer.rawValue)" style="\#(card.motion.cssTransform(for: layer))">"#
            let found = svg.range(of: group)
            #expect(found != nil, "missing \(group)")
            if let found {
                #expect(found.lowerBound > previous, "\(layer) is out of order")
                previous = found.lowerBound
            }
        }
    }

    @Test("The creature is drawn once per count, and each chosen effect once", arguments: [1, 2, 7, 10])
    func counts(count: Int) throws {
        let details = DreamDetails(creature: .shark, effects: [.snow, .magic], numberOfCreatures: try #require(CreatureCount(count)))
        let svg = DreamCard(details: details, description: "").svg()
        #expect(svg.components(separatedBy: #"data-creature="shark""#).count - 1 == count)
        #expect(svg.contains(#"data-effect="snow""#) && svg.contains(#"data-effect="magic""#))
        #expect(!svg.contains(#"data-effect="rain""#))
    }

    @Test("The description is wrapped onto lines, every word kept in order")
    func wrapsDescription() {
        let body = "A pink unicorn walked through the rain with a friend who kept a very careful eye on the clouds."
        let svg = DreamCard(details: Fixtures.dream, description: body).svg()
        let layer = svg.components(separatedBy: #"data-layer="description""#)[1]
        let lines = layer.components(separatedBy: ##"font-size="13" fill="#ebe7ff">"##).dropFirst().compactMap { $0.components(separatedBy: "</text>").first }
        #expect(lines.count > 1)
        #expect(lines.joined(separator: " ") == body)
    }

    @Test("A description too long for the card is cut with an ellipsis, and the effects still show")
    func longDescription() {
        let body = String(repeating: "Dreaming of unicorns and lasers. ", count: 60)
        let svg = DreamCard(details: Fixtures.dream, description: body).svg()
        #expect(svg.contains("…</text>"))
        #expect(svg.contains("Effects: Laser focus, Rain"))
        #expect(parse(svg).error == nil)
    }

    @Test("The card is drawn inside its box by as far as its background moves, so tilting never shows its edge")
    func backgroundRoom() {
        let still = CardMotion(effects: [:])
        let restless = CardMotion(effects: [.background: InterpolatingMotionEffect(travel: -10)])
        let details = Fixtures.dream
        #expect(DreamCard(details: details, description: "", motion: still).svg().contains(#"<rect x="0" y="0" width="500" height="200""#))
        #expect(DreamCard(details: details, description: "", motion: restless).svg().contains(#"<rect x="10" y="10" width="480" height="180""#))
        #expect(DreamCard(details: details, description: "").svg().contains(#"<rect x="3" y="3" width="494" height="194""#))
    }

    @Test("A card for a dream entry uses its details and body; other entries have no card")
    func fromEntry() throws {
        let card = try #require(DreamCard(entry: Fixtures.dreamEntry))
        #expect(card == DreamCard(details: Fixtures.dream, description: "A pink unicorn in the rain"))
        #expect(DreamCard(entry: Fixtures.update) == nil)
    }

    @Test("The narrow card, for a phone, is 280 × 280 with every word of the wide one and no type under 12 units")
    func narrowShape() throws {
        let details = DreamDetails(creature: .unicorn(.yellow), effects: Set(DreamEffect.allCases), numberOfCreatures: try #require(CreatureCount(10)))
        let card = DreamCard(details: details, description: "Ten unicorns")
        let narrow = card.svg(shape: .narrow)
        #expect(narrow.contains(#"viewBox="0 0 280 280""#))
        #expect(parse(narrow).error == nil)
        let sizes = narrow.components(separatedBy: #"font-size=""#).dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 12 })
        let words = { (svg: String) in
            svg.components(separatedBy: "</text>").dropLast().compactMap { $0.components(separatedBy: ">").last }
                .joined(separator: " ").split(separator: " ")
        }
        // The title takes two lines rather than lose "× 10"; the effects wrap onto as many as they need.
        #expect(words(narrow) == words(card.svg()))
        #expect(card.svg(shape: .wide) == card.svg())
    }

    @Test("The card's title and accessible label say what it shows")
    func accessibleText() {
        let svg = DreamCard(details: Fixtures.dream, description: "Wet").svg()
        #expect(svg.contains(#"aria-label="Pink unicorn × 3. Wet. Effects: Laser focus, Rain.""#))
        #expect(svg.contains("<title>Pink unicorn × 3. Wet. Effects: Laser focus, Rain.</title>"))
    }
}

private final class ElementRecorder: NSObject, XMLParserDelegate {
    var elements: [String: Int] = [:]

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements[elementName, default: 0] += 1
    }
}
