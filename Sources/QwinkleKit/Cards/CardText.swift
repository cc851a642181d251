import Foundation

/// The words on a dream card, ready for either renderer: a title, the description and the list of effects.
///
/// The description is cleaned once here for both: control characters (a terminal escape sequence, a NUL) are
/// removed, tabs become spaces, and `\r\n` or `\r` become `\n`, so a body cannot restyle a terminal or break a
/// card's layout.
public struct CardText: Hashable, Sendable {
    /// The creature and how many, such as "Pink unicorn × 3".
    public var title: String
    /// The description, cleaned; may be empty.
    public var body: String
    /// The effects in their fixed order, such as "Effects: Laser focus, Rain"; empty without effects.
    public var footer: String

    /// The words of a card for `details` described by `description`.
    public init(details: DreamDetails, description: String) {
        let count = details.numberOfCreatures.rawValue
        title = details.creature.displayName + (count > 1 ? " × \(count)" : "")
        body = Self.clean(description)
        let effects = details.effects.sorted().map(\.displayName)
        footer = effects.isEmpty ? "" : "Effects: " + effects.joined(separator: ", ")
    }

    private static func clean(_ text: String) -> String {
        var cleaned = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where previous == "\r": break
            case "\n", "\r": cleaned.append("\n")
            case "\t": cleaned.append(" ")
            default: if scalar.properties.generalCategory != .control { cleaned.append(scalar) }
            }
            previous = scalar
        }
        return String(cleaned).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
