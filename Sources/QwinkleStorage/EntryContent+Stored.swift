import QwinkleKit

extension EntryContent {
    /// The values of `EntryColumn.content`, in its order.
    package var storedValues: [StoredValue] {
        let dream = kind.dream
        return EntryColumn.content.map { column in
            switch column {
            case .kind: .text(kind.name.rawValue)
            case .body: .text(body)
            case .visibility: .text(visibility.rawValue)
            case .dreamCreature: dream.map { .text($0.creature.rawValue) } ?? .null
            case .dreamEffects: dream.map { .text($0.storedEffects) } ?? .null
            case .dreamCount: dream.map { .integer($0.numberOfCreatures.rawValue) } ?? .null
            case .id, .author, .revision, .createdAt, .editedAt, .importedAt: .null
            }
        }
    }

    /// The content of a row that selects `EntryColumn.allCases` first (or lays a scheduled entry out so), with the
    /// photos read beside it; a value the schema does not allow is a `CorruptRow`.
    package init(row: some StoredRow, photos: [AttachedPhoto]) throws {
        let name = try stored(Entry.Kind.Name.init(rawValue:), try row.requiredText(at: EntryColumn.kind.rawValue), "entry kind")
        var dream: DreamDetails?
        if name == .dream {
            guard let creature = try row.text(at: EntryColumn.dreamCreature.rawValue),
                let effects = try row.text(at: EntryColumn.dreamEffects.rawValue),
                let count = try row.integer(at: EntryColumn.dreamCount.rawValue)
            else { throw CorruptRow(description: "a dream without its details") }
            dream = DreamDetails(
                creature: try stored(Creature.init(rawValue:), creature, "creature"),
                effects: Set(try effects.split(separator: ",").map { try stored(DreamEffect.init(rawValue:), String($0), "dream effect") }),
                numberOfCreatures: try stored(CreatureCount.init(rawValue:), count, "number of creatures")
            )
        }
        self.init(
            kind: try Entry.Kind(name, dream: dream),
            body: try row.requiredText(at: EntryColumn.body.rawValue),
            photos: photos,
            visibility: try stored(Visibility.init(rawValue:), try row.requiredText(at: EntryColumn.visibility.rawValue), "visibility")
        )
    }
}
