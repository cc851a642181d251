/// The dream list's mode as saved for state restoration, so the app can relaunch exactly as it was left:
/// a versioned JSON file (`qwinkle.dream-list-state`, version 1) such as
/// `{"format": …, "format_version": 1, "content": {"mode": "selecting", "entry_ids": ["ent_1"]}}`.
///
/// The model may have changed since it was saved, so restoring checks the saved state against it.
public struct DreamListRestoration: VersionedJSONFormat, Hashable, Sendable {
    /// The file format's name.
    public static let formatName = "qwinkle.dream-list-state"
    /// The version this program writes.
    public static let formatVersion = 1

    /// Which mode the list was in.
    public var mode: DreamListMode.Name
    /// The entries chosen (`selecting`, sorted for a stable file) or being shared (`sharing`, in list order).
    public var entryIDs: [Entry.ID]

    /// Saves a mode.
    public init(_ mode: DreamListMode) {
        self.mode = mode.name
        switch mode {
        case .viewing, .duplicating: entryIDs = []
        case .selecting(let selected): entryIDs = selected.sorted { $0.rawValue < $1.rawValue }
        case .sharing(let shared): entryIDs = shared
        }
    }

    /// The mode to restore, checked against the model as it is now: entries no longer in it (and repeats) are
    /// dropped from a selection or a share, and a share left with nothing to share is viewing.
    public func restored(against model: DreamListModel) -> DreamListMode {
        var seen: Set<Entry.ID> = []
        let existing = entryIDs.filter { model[$0] != nil && seen.insert($0).inserted }
        switch mode {
        case .viewing: return .viewing
        case .duplicating: return .duplicating
        case .selecting: return .selecting(Set(existing))
        case .sharing: return existing.isEmpty ? .viewing : .sharing(existing)
        }
    }

    enum CodingKeys: String, CodingKey {
        case mode
        case entryIDs = "entry_ids"
    }
}
