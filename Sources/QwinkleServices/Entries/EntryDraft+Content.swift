import QwinkleKit

extension EntryDraft {
    /// The draft that writes `content` again, for checking it anew.
    init(_ content: EntryContent) {
        self.init(
            kind: content.kind.name, body: content.body, visibility: content.visibility,
            photos: content.photos.map { Photo(id: $0.id.rawValue, alt: $0.alt) },
            dream: content.dream.map { Dream(creature: $0.creature, effects: $0.effects, numberOfCreatures: $0.numberOfCreatures.rawValue) }
        )
    }
}
