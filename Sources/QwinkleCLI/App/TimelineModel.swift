import Foundation
import QwinkleClient
import QwinkleKit

/// A timeline screen's whole model, one value: its entries, the cursor of the next older page, and whether what
/// is shown is a stale copy. The table is updated from a diff of one value and the next.
struct TimelineModel: Equatable, Sendable {
    /// The entries, newest first.
    var entries: [TimelineEntry] = []
    /// The next older page, if there is one.
    var nextCursor: String?
    /// Why what is shown may be out of date (the server could not be reached), if it may.
    var staleReason: String?
    /// Whether the first page has come.
    var isLoaded = false

    /// Adds a live entry at the top, unless it is already there.
    mutating func insertLive(_ entry: TimelineEntry) {
        guard !entries.contains(where: { $0.id == entry.id }) else { return replace(entry) }
        entries.insert(entry, at: 0)
    }

    /// Replaces an entry with a newer value of it.
    mutating func replace(_ entry: TimelineEntry) {
        guard let index = entries.firstIndex(where: { $0.id == entry.id }) else { return }
        entries[index] = entry
    }

    /// An entry edited or restored: replaced where it is, or, when it was not shown (restored from the trash,
    /// or made visible by an edit), put back in its place by time.
    mutating func upsert(_ entry: TimelineEntry) {
        guard entries.contains(where: { $0.id == entry.id }) else {
            let index = entries.firstIndex { $0.entry.createdAt < entry.entry.createdAt } ?? entries.endIndex
            // Below the oldest entry shown, it belongs to a page not loaded yet.
            if index < entries.endIndex || nextCursor == nil { entries.insert(entry, at: index) }
            return
        }
        replace(entry)
    }

    /// Removes an entry.
    mutating func remove(_ id: Entry.ID) {
        entries.removeAll { $0.id == id }
    }

    /// Removes every entry by these people (usernames), whom a block or a mute just hid.
    mutating func remove(by authors: Set<String>) {
        entries.removeAll { authors.contains($0.author.username) }
    }

    /// Adds an older page below, leaving out entries already shown.
    mutating func appendPage(_ page: [TimelineEntry], nextCursor: String?) {
        let shown = Set(entries.map(\.id))
        entries += page.filter { !shown.contains($0.id) }
        self.nextCursor = nextCursor
    }
}
