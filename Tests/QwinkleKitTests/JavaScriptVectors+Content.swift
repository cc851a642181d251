import QwinkleKit

/// An entry's content as Swift writes it in the API's JSON, which content.js must read out of the compose form and
/// copy out of an entry the API answered field for field: a field content.js does not know fails its node test.
struct ContentVector: Encodable {
    /// Names the case, so a failure can say which.
    var id: String
    /// The content, encoded by `EntryContent`'s own `encode(to:)`.
    var swift: EntryContent

    /// A dream with every field set (every line of `ContentLine.allCases` too, so every field the content has is in
    /// it), an update and a journal entry.
    static let all: [ContentVector] = {
        let dream = DreamDetails(creature: .unicorn(.pink), effects: [.fireBreathing, .magic], numberOfCreatures: CreatureCount(3) ?? .one)
        return [
            ContentVector(
                id: "every field",
                swift: EntryContent(
                    kind: .dream(dream), body: "Flew over the sea",
                    photos: [AttachedPhoto(id: "41", alt: "The sea"), AttachedPhoto(id: "42", alt: "")], sensitive: true,
                    visibility: .followers,
                    lines: Dictionary(uniqueKeysWithValues: ContentLine.allCases.map { ($0, "\($0.label) of the dream") })
                )
            ),
            ContentVector(id: "an update without photos", swift: EntryContent(kind: .update, body: "Hello", visibility: .public)),
            ContentVector(id: "a journal entry", swift: EntryContent(kind: .journal, body: "Dear diary", visibility: .journal)),
        ]
    }()
}
