import QwinkleKit

/// A key as a person pressed it: which key, and which modifiers were held.
public struct Key: Hashable, Sendable {
    /// Which key.
    public var code: KeyCode
    /// The modifiers held with it.
    public var modifiers: KeyModifiers

    /// A key with modifiers.
    public init(_ code: KeyCode, modifiers: KeyModifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    /// A character key, such as `c` or `?`.
    public static func character(_ character: Character) -> Key {
        Key(.character(character))
    }

    /// A letter with Control held, such as Ctrl-Z.
    public static func control(_ letter: Character) -> Key {
        Key(.character(letter), modifiers: .control)
    }

    /// Enter.
    public static let enter = Key(.enter)
    /// Tab.
    public static let tab = Key(.tab)
    /// Shift-Tab.
    public static let backTab = Key(.tab, modifiers: .shift)
    /// Esc.
    public static let escape = Key(.escape)
    /// Backspace.
    public static let backspace = Key(.backspace)
    /// The up arrow.
    public static let up = Key(.up)
    /// The down arrow.
    public static let down = Key(.down)
    /// The left arrow.
    public static let left = Key(.left)
    /// The right arrow.
    public static let right = Key(.right)

    /// The character typed, when the key types one (no Control or Alt held).
    public var typedCharacter: Character? {
        guard case .character(let character) = code, modifiers.isDisjoint(with: [.control, .alt]) else { return nil }
        return character
    }

    /// How the key is named in the key bar and in help: `c`, `Ctrl-Z`, `Esc`, `Shift-Tab`.
    public var displayName: String {
        var name = ""
        if modifiers.contains(.control) { name += "Ctrl-" }
        if modifiers.contains(.alt) { name += "Alt-" }
        if modifiers.contains(.shift) { name += "Shift-" }
        switch code {
        case .character(" "): name += "Space"
        case .character(let character): name += modifiers.contains(.control) ? character.uppercased() : String(character)
        case .enter: name += "Enter"
        case .tab: name += "Tab"
        case .backspace: name += "Backspace"
        case .escape: name += "Esc"
        case .up: name += "↑"
        case .down: name += "↓"
        case .left: name += "←"
        case .right: name += "→"
        case .home: name += "Home"
        case .end: name += "End"
        case .pageUp: name += "PgUp"
        case .pageDown: name += "PgDn"
        case .delete: name += "Del"
        case .insert: name += "Ins"
        case .function(let number): name += "F\(number)"
        }
        return name
    }
}
