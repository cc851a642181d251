import HashTreeCollections

/// The dream list screen's whole model as one value (talk 001): its entries in order and the favourite creature.
/// Undo restores a previous whole value, whatever property changed, and the UI updates from a diff.
///
/// Entries are kept in a persistent `TreeDictionary` keyed by identifier, beside the order of identifiers.
/// Copies share storage: a copy with one entry edited allocates only the few tree nodes on that entry's path,
/// so an undo history of a 100,000-entry list holds 1,000 edits without 1,000 copies of the list.
/// (Inserting, removing or moving an entry copies the order, 16 bytes an entry, but still no entry.)
public struct DreamListModel: Hashable, Sendable {
    private(set) var entriesByID: TreeDictionary<Entry.ID, Entry>
    /// The entries' identifiers in the order the list shows them.
    public private(set) var order: [Entry.ID]
    /// The person's favourite creature, if they chose one.
    public var favoriteCreature: Creature?

    /// A model of these entries in this order; an entry whose identifier came earlier in the list is left out.
    public init(entries: [Entry] = [], favoriteCreature: Creature? = nil) {
        entriesByID = [:]
        order = []
        self.favoriteCreature = favoriteCreature
        for entry in entries {
            append(entry)
        }
    }

    /// How many entries there are.
    public var count: Int { order.count }

    /// The entries in order (building the array takes a look-up per entry).
    public var entries: [Entry] {
        order.compactMap { entriesByID[$0] }
    }

    /// The entry with this identifier, if there is one.
    public subscript(id: Entry.ID) -> Entry? {
        entriesByID[id]
    }

    /// Replaces the entry with the same identifier; `false`, changing nothing, when there is none.
    @discardableResult
    public mutating func update(_ entry: Entry) -> Bool {
        guard entriesByID[entry.id] != nil else { return false }
        entriesByID[entry.id] = entry
        return true
    }

    /// Inserts an entry at a place in the list; `false`, changing nothing, when its identifier is already in
    /// the list or the place is outside `0...count`.
    @discardableResult
    public mutating func insert(_ entry: Entry, at index: Int) -> Bool {
        guard entriesByID[entry.id] == nil, (0...order.count).contains(index) else { return false }
        entriesByID[entry.id] = entry
        order.insert(entry.id, at: index)
        return true
    }

    /// Adds an entry at the end of the list; `false`, changing nothing, when its identifier is already in it.
    @discardableResult
    public mutating func append(_ entry: Entry) -> Bool {
        insert(entry, at: order.count)
    }

    /// Removes the entry with this identifier and returns it; `nil` when there is none.
    @discardableResult
    public mutating func remove(_ id: Entry.ID) -> Entry? {
        guard let entry = entriesByID.removeValue(forKey: id) else { return nil }
        order.removeAll { $0 == id }
        return entry
    }
}
