import QwinkleKit

/// The modifiers held with a key, as far as a terminal reports them.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8

    /// Modifiers from their bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Shift (reported for arrows, Tab and function keys; a shifted letter is simply its capital).
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt, or Meta: sent as Esc before the key.
    public static let alt = KeyModifiers(rawValue: 2)
    /// Control.
    public static let control = KeyModifiers(rawValue: 4)
}
