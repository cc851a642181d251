import QwinkleKit

/// A key that performs an action, declared by the responder that handles it, as UIKit's `UIKeyCommand`: help
/// lists the key commands of every responder up the chain, and the key bar shows the main ones.
public struct KeyCommand: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// What it does, in a few words ("Compose", "Mark").
    public var title: String
    /// The action it sends up the chain from its responder.
    public var action: Action
    /// Whether the bottom key bar shows it.
    public var isMain: Bool

    /// A key command.
    public init(_ key: Key, _ title: String, action: Action, isMain: Bool = false) {
        self.key = key
        self.title = title
        self.action = action
        self.isMain = isMain
    }
}
