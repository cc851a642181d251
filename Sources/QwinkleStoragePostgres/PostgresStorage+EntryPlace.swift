extension PostgresStorage {
    /// Where a read looks for entries: outside the trash, as every read but the trash's own does, or in it.
    enum EntryPlace {
        case outsideTrash
        case inTrash

        /// The SQL condition that the entry whose ID is in `column` is in this place.
        func condition(on column: String) -> String {
            let inTrash = "SELECT 1 FROM trashed_entries WHERE trashed_entries.entry_id = \(column)"
            return switch self {
            case .outsideTrash: "NOT EXISTS (\(inTrash))"
            case .inTrash: "EXISTS (\(inTrash))"
            }
        }
    }
}
