import QwinkleKit

/// An entry a search found: the entry as the server shows you it, and the text around its first match with the
/// matching words marked.
public struct SearchResult: Hashable, Sendable, Codable, Identifiable {
    /// The entry, its author and whether you marked it.
    public var entry: TimelineEntry
    /// The text around the first match.
    public var snippet: SearchSnippet

    /// The entry's ID: a search lists an entry once.
    public var id: Entry.ID { entry.id }

    /// Pairs an entry with its snippet.
    public init(entry: TimelineEntry, snippet: SearchSnippet) {
        self.entry = entry
        self.snippet = snippet
    }
}
