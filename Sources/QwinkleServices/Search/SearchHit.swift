import QwinkleKit

/// An entry a search found, as the viewer is shown it, with the part of its text that matched marked.
public struct SearchHit: Hashable, Sendable {
    /// The entry, its author and whether the viewer marked it.
    public var entry: TimelineEntry
    /// The text around the first match, the matching words marked.
    public var snippet: SearchSnippet

    /// Pairs an entry with its snippet.
    public init(entry: TimelineEntry, snippet: SearchSnippet) {
        self.entry = entry
        self.snippet = snippet
    }
}
