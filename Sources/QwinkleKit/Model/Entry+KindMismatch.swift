extension Entry.Kind {
    /// Why a kind's name and a dream's details make no kind.
    public enum Mismatch: Error, Hashable, Sendable {
        /// The name is `dream`, but no details came with it.
        case dreamWithoutDetails
        /// Details came with an update or a journal entry.
        case detailsWithoutDream

        /// The reason, as people read it.
        public var message: String {
            switch self {
            case .dreamWithoutDetails: "A dream needs its creature, effects and number of creatures."
            case .detailsWithoutDream: "Only a dream has dream details."
            }
        }
    }

    /// The kind called `name`, with `dream` exactly when it is a dream.
    ///
    /// Every reader of a kind's two parts (a request, a form, a stored row, an archive, the model's own JSON) makes
    /// the kind here, so they all refuse the same mismatches.
    public init(_ name: Name, dream: DreamDetails?) throws(Mismatch) {
        switch (name, dream) {
        case (.update, nil): self = .update
        case (.journal, nil): self = .journal
        case (.dream, let details?): self = .dream(details)
        case (.dream, nil): throw .dreamWithoutDetails
        case (.update, _?), (.journal, _?): throw .detailsWithoutDream
        }
    }
}
