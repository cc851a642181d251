/// Where a SQL backend's read looks for entries: outside the trash, as every read but the trash's own does, or in it.
///
/// Both backends keep the trash as a table of its own, `trashed_entries`, and write this condition alike.
package enum EntryPlace {
    /// Entries that are not in the trash.
    case outsideTrash
    /// Entries in the trash.
    case inTrash

    /// The SQL condition that the entry whose ID is in `column` is in this place.
    package func condition(on column: String) -> String {
        let inTrash = "SELECT 1 FROM trashed_entries WHERE trashed_entries.entry_id = \(column)"
        return switch self {
        case .outsideTrash: "NOT EXISTS (\(inTrash))"
        case .inTrash: "EXISTS (\(inTrash))"
        }
    }
}
