/// A suggested new value for an entry: the edited content and the revision the edit started from.
///
/// It is what Done produces on every client and what the owner of the truth receives (the body of
/// `PUT /api/qwinkle/v1/entries/{id}`). The owner validates it with the same rule as a new entry and either applies it
/// or, when the entry changed meanwhile, merges it or answers with a conflict (`resolve`).
public struct EntrySuggestion: Hashable, Sendable {
    /// The revision the edit started from.
    public var baseRevision: Int
    /// The edited content.
    public var content: EntryContent

    /// A suggestion of content, edited from a revision.
    public init(baseRevision: Int, content: EntryContent) {
        self.baseRevision = baseRevision
        self.content = content
    }

    /// Checks the suggestion as a new entry is checked: the length rule (text, links and photos against the
    /// visibility's limit), something to post, at most `maxPhotos` photos, and no unresolved conflict markers.
    public func validate(by rule: LengthRule = .standard) throws(EditRejection) {
        try Self.validate(content, by: rule)
    }

    static func validate(_ content: EntryContent, by rule: LengthRule) throws(EditRejection) {
        let problems = content.assessed(by: rule).problems
        guard problems.isEmpty else { throw .invalid(problems) }
        guard !ConflictMarkers.hasUnresolvedConflict(in: content.body) else { throw .unresolvedConflict }
    }
}
