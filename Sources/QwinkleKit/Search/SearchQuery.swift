import Foundation

/// A search, parsed from what a person typed: the words and phrases an entry must hold, those it must not, and
/// the filters on who wrote it, what kind it is and when. See `init(parsing:)` for the syntax.
///
/// It holds words and values only, never the text as typed: each storage builds its own match expression from
/// it and quotes every word itself.
public struct SearchQuery: Hashable, Sendable {
    /// Words and phrases an entry must all hold.
    public var terms: [SearchTerm]
    /// Words and phrases an entry must not hold (`-word`, `-"a phrase"`).
    public var excluded: [SearchTerm]
    /// `from:@username`: only this author's entries (the username lowercased, without `@`).
    public var author: String?
    /// `kind:update|journal|dream`: only entries of this kind.
    public var kind: Entry.Kind.Name?
    /// `creature:…`: only dreams about one of these creatures (`unicorn` is every colour of unicorn).
    public var creatures: Set<Creature>
    /// `has:photo`: only entries with at least one photo.
    public var hasPhoto: Bool
    /// `before:YYYY-MM-DD`: only entries written before that day began (UTC).
    public var before: Date?
    /// `after:YYYY-MM-DD`: only entries written after that day ended (UTC).
    public var after: Date?
    /// Tags every result has (`#tag`, normalized as `Tag.normalized`).
    public var tags: [String] = []

    /// The longest query text read, in Unicode scalars (as the contract's `maxLength` counts).
    public static let maximumLength = 500
    /// The most words and phrases, wanted and excluded together, one query may hold.
    public static let maximumTerms = 16

    /// Describes a search.
    public init(
        terms: [SearchTerm] = [], excluded: [SearchTerm] = [], author: String? = nil, kind: Entry.Kind.Name? = nil,
        creatures: Set<Creature> = [], hasPhoto: Bool = false, before: Date? = nil, after: Date? = nil
    ) {
        self.terms = terms
        self.excluded = excluded
        self.author = author
        self.kind = kind
        self.creatures = creatures
        self.hasPhoto = hasPhoto
        self.before = before
        self.after = after
    }

    /// Whether the query asks for something besides exclusions: a word, a phrase or a filter. A query of
    /// exclusions alone would list everything else, which is not a search.
    public var narrows: Bool {
        !terms.isEmpty || author != nil || kind != nil || !creatures.isEmpty || hasPhoto || before != nil || after != nil || !tags.isEmpty
    }
}
