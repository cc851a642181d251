import QwinkleKit

/// The columns of an entry's row, as both SQL backends store it: the one list every select, insert and update of
/// entries (and of scheduled entries, which hold the same content) is written from.
///
/// Selects list the columns in this order, so a column's position in a row is its `rawValue`, and what a query
/// selects after them (a list's cursor) is at `EntryColumn.allCases.count`. The content's side of the row is below,
/// in this file: a field added to `EntryContent` is a case here, its value in `EntryContent.storedValues` and its
/// reading in `EntryContent.init(row:photos:)`, and a migration per backend; no query restates the list.
package enum EntryColumn: Int, CaseIterable, Sendable {
    case id
    case author
    case revision
    case createdAt
    case editedAt
    case importedAt
    case kind
    case body
    case visibility
    case dreamCreature
    case dreamEffects
    case dreamCount

    /// The column's name in SQL.
    package var name: String {
        switch self {
        case .id: "id"
        case .author: "author_id"
        case .revision: "revision"
        case .createdAt: "created_at"
        case .editedAt: "edited_at"
        case .importedAt: "imported_at"
        case .kind: "kind"
        case .body: "body"
        case .visibility: "visibility"
        case .dreamCreature: "dream_creature"
        case .dreamEffects: "dream_effects"
        case .dreamCount: "dream_count"
        }
    }

    /// The columns that hold what the author wrote (photos have a table of their own), last in the row.
    package static let content = allCases.filter { $0.rawValue >= EntryColumn.kind.rawValue }

    /// `table.id, table.author_id, …`: the columns in order (every one unless told), for a select.
    package static func selected(_ columns: [EntryColumn] = allCases, from table: String) -> String {
        columns.map { "\(table).\($0.name)" }.joined(separator: ", ")
    }

    /// `kind, body, …`: the content's columns, for an insert.
    package static let contentNames = content.map(\.name).joined(separator: ", ")
}

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
