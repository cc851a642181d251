import QwinkleKit

/// A message a control sends, by name: talk 000's target–action, where the selector is a name that any object
/// up the responder chain may answer to. Apps declare their own in extensions (`static let post = Action("post")`).
public struct Action: Hashable, Sendable, CustomStringConvertible {
    /// The action's name.
    public var name: String

    /// An action by name.
    public init(_ name: String) {
        self.name = name
    }

    /// The name.
    public var description: String { name }

    /// Move focus to the next control (Tab).
    public static let focusNext = Action("focusNext")
    /// Move focus to the previous control (Shift-Tab).
    public static let focusPrevious = Action("focusPrevious")
}
