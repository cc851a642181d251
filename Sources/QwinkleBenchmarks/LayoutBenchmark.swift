import Foundation
import QwinkleKit

extension Benchmark {
    /// Lays out and renders many different dream cards: the layout alone, then whole SVG and terminal cards.
    static let dreamCardLayout = Benchmark(
        name: "dream-card-layout",
        summary: "lay out 10,000 dream cards, then render them as SVG and as terminal text",
        run: {
            let cards = DreamCardSamples.make(count: 10_000)
            let layout = time {
                cards.reduce(0) { leaves, card in leaves + DreamCardSamples.layOut(card) }
            }
            let svg = time { cards.reduce(0) { bytes, card in bytes + card.svg().utf8.count } }
            let terminal = time { cards.reduce(0) { bytes, card in bytes + card.terminalText().utf8.count } }
            return [
                figures("layout", layout.duration, count: cards.count) + ", \(layout.result) leaves placed",
                figures("svg", svg.duration, count: cards.count) + ", \(svg.result / cards.count) bytes per card",
                figures("terminal", terminal.duration, count: cards.count) + ", \(terminal.result / cards.count) bytes per card",
            ]
        }
    )

    private static func figures(_ label: String, _ duration: Duration, count: Int) -> String {
        let perCard = duration.milliseconds * 1_000 / Double(count)
        return "\(label): \(perCard.formatted(decimals: 2)) µs per card, \(duration.milliseconds.formatted(decimals: 1)) ms for \(count)"
    }
}

/// Dream cards that differ in creature, count, effects and description, the same on every run.
private enum DreamCardSamples {
    static func make(count: Int) -> [DreamCard] {
        let creatures = Creature.allCases
        let effects = DreamEffect.allCases
        return (0..<count).map { index in
            // Every subset of the six effects in turn, by the bits of a number.
            let chosen = effects.enumerated().filter { (index / 7) >> $0.offset & 1 == 1 }.map(\.element)
            let details = DreamDetails(
                creature: creatures[index % creatures.count],
                effects: Set(chosen),
                numberOfCreatures: CreatureCount(index % 10 + 1) ?? .one
            )
            return DreamCard(details: details, description: "Dream \(index): " + String(repeating: "clouds and stars ", count: index % 8))
        }
    }

    /// Lays out one card with plain leaves, so only the layout's own arithmetic is timed; returns its leaf count.
    static func layOut(_ card: DreamCard) -> Int {
        var layout = DreamCardLayout(
            backdrop: Frame(),
            figures: Array(repeating: Frame(), count: card.details.numberOfCreatures.rawValue),
            effects: card.details.effects.map { _ in Frame() },
            caption: Frame(),
            metrics: CardMetrics(padding: EdgeInsets(all: 10), spacing: 8)
        )
        layout.layout(in: Rect(x: 0, y: 0, width: 500, height: 200))
        return layout.contents.count
    }
}

/// A leaf that only keeps its frame.
private struct Frame: Layout {
    var frame = Rect.zero

    mutating func layout(in rect: Rect) {
        frame = rect
    }

    var contents: [Frame] { [self] }
}

extension Double {
    /// The number with a fixed count of decimals, for printing figures.
    fileprivate func formatted(decimals: Int) -> String {
        String(format: "%.\(decimals)f", self)
    }
}
