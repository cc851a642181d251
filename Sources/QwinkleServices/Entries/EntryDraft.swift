import QwinkleKit

/// An entry as someone wrote it, before any rule was checked: what a compose form or a request body holds.
public struct EntryDraft: Hashable, Sendable {
    /// A dream's details as written; the number of creatures is checked against its range.
    public struct Dream: Hashable, Sendable {
        /// The creature.
        public var creature: Creature
        /// The effects.
        public var effects: Set<DreamEffect>
        /// How many creatures, as written.
        public var numberOfCreatures: Int

        /// Describes a dream as written.
        public init(creature: Creature, effects: Set<DreamEffect>, numberOfCreatures: Int) {
            self.creature = creature
            self.effects = effects
            self.numberOfCreatures = numberOfCreatures
        }
    }

    /// A photo chosen to attach, by the ID its upload got, with its alt text.
    public struct Photo: Hashable, Sendable {
        /// The photo's ID, as sent.
        public var id: String
        /// Its alt text.
        public var alt: String

        /// Describes a chosen photo.
        public init(id: String, alt: String) {
            self.id = id
            self.alt = alt
        }
    }

    /// The kind.
    public var kind: Entry.Kind.Name
    /// The text.
    public var body: String
    /// Who may read it.
    public var visibility: Visibility
    /// The photos, in order.
    public var photos: [Photo]
    /// A dream's details; only a dream has them.
    public var dream: Dream?

    /// Describes a draft.
    public init(kind: Entry.Kind.Name, body: String, visibility: Visibility, photos: [Photo] = [], dream: Dream? = nil) {
        self.kind = kind
        self.body = body
        self.visibility = visibility
        self.photos = photos
        self.dream = dream
    }
}
