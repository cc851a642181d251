import Foundation
import QwinkleKit
import QwinkleTerminalUI

/// A dream drawn as its terminal card, whose creatures and effects shift with the mouse pointer's position over
/// it through the card's `InterpolatingMotionEffect`s, as the web card's layers move with the pointer.
final class DreamCardView: View {
    /// The card.
    let card: DreamCard
    /// The pose the pointer stands for: level until the pointer moves over the card.
    private(set) var pose = DevicePose.level {
        didSet { if pose != oldValue { setNeedsDisplay() } }
    }

    /// A view of a card.
    init(card: DreamCard) {
        self.card = card
        super.init()
    }

    /// How many rows the card takes at a width.
    func height(forWidth width: Int) -> Int {
        card.terminalText(width: min(width, 72)).split(separator: "\n").count
    }

    /// The card's text with its layers moved for the pose, in magenta where there is colour.
    override func draw(in canvas: inout Canvas) {
        let text = card.terminalText(width: min(frame.width, 72), pose: pose)
        for (row, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            canvas.write(String(line), column: 0, row: row, style: TextStyle(foreground: .magenta))
        }
    }

    /// The pointer's position over the card is a tilt: its centre is level, its edges fully tilted.
    override func handleMouse(_ event: MouseEvent) -> Bool {
        guard event.kind == .move || event.kind == .press(button: 0) else { return false }
        let halfWidth = Double(max(min(frame.width, 72), 2)) / 2
        let halfHeight = Double(max(frame.height, 2)) / 2
        pose = DevicePose(
            tiltX: (Double(event.position.column) - halfWidth) / halfWidth,
            tiltY: (Double(event.position.row) - halfHeight) / halfHeight
        )
        return true
    }
}
