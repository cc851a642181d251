/// A new entry's answer to another: the entry it replies to, and whether its author means it to reach more people
/// than that entry does (see `Policy.replyProblem`).
public struct ReplyRequest: Hashable, Sendable {
    /// The ID of the entry replied to, as the request gave it.
    public var parent: String
    /// Whether the author chose a visibility wider than the parent's on purpose.
    public var wider: Bool

    /// Describes a reply.
    public init(parent: String, wider: Bool = false) {
        self.parent = parent
        self.wider = wider
    }
}
