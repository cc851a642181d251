/// The columns of an entry's row, as both SQL backends store it: the one list every select, insert and update of
/// entries (and of scheduled entries, which hold the same content) is written from.
///
/// Selects list the columns in this order, so a column's position in a row is its `rawValue`, and what a query
/// selects after them (a list's cursor) is at `EntryColumn.allCases.count`. A field added to `EntryContent` is a
/// case here, its values in `EntryContent.storedValues` and its reading in `EntryContent.init(row:photos:)`, and a
/// migration per backend; no query restates the list.
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
