extension Entry {
    /// What sort of entry this is. The cases exclude one another, and a dream's details live in its case,
    /// so an update with dream details, or a dream without them, cannot be written down.
    public enum Kind: Hashable, Sendable {
        /// A short update about what is happening.
        case update
        /// A journal entry.
        case journal
        /// A dream, with its creature and effects.
        case dream(DreamDetails)

        /// The dream details, for a dream.
        public var dream: DreamDetails? {
            if case .dream(let details) = self { details } else { nil }
        }

        /// The kind's name, as spelled in JSON.
        public var name: Name {
            switch self {
            case .update: .update
            case .journal: .journal
            case .dream: .dream
            }
        }

        /// The name of a kind without its data: `update`, `journal` or `dream` in JSON.
        public enum Name: String, Hashable, Sendable, Codable, CaseIterable {
            /// A short update.
            case update
            /// A journal entry.
            case journal
            /// A dream.
            case dream
        }
    }
}
