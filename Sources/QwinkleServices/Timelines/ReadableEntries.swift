import QwinkleKit
import QwinkleStorage

/// How every list of entries becomes a page a viewer is shown: the storage narrows, the read policy judges each
/// entry, and batches are read until the page is full. Timelines and search both come here, so a list can neither
/// show an entry the policy hides nor come up short because of one.
enum ReadableEntries {
    /// The most batches one page reads; the returned cursor lets the client continue.
    static let maximumBatches = 10
    /// The smallest batch read, so a small page does not cost many round trips.
    static let minimumBatch = 20

    /// Reads a list in batches from `start` until `limit` entries the viewer may read are found or the list ends.
    ///
    /// Each entry is judged by `Policy.lists` for `scope` (`nil` for search, which is no list of one scope).
    ///
    /// `read(cursor, count)` reads up to `count` items after `cursor` (`start` the first time, then the last item's
    /// cursor), each with the cursor the list continues from after it. The returned cursor is where the next page
    /// starts, `nil` when nothing is left; each entry found keeps its cursor.
    static func collect(
        limit: Int, from start: Int64?, scope: EntryScope?, viewer: Viewer, read: (_ cursor: Int64?, _ count: Int) async throws -> [Paged<Entry>]
    ) async throws -> (entries: [Paged<Entry>], next: Int64?) {
        var found: [Paged<Entry>] = []
        var cursor = start
        let count = max(limit, minimumBatch)
        for _ in 0..<maximumBatches {
            let batch = try await read(cursor, count)
            for paged in batch where Policy.lists(paged.item, in: scope, viewer: viewer) {
                found.append(paged)
                if found.count == limit { return (found, paged.cursor) }
            }
            guard batch.count == count, let last = batch.last else { return (found, nil) }
            cursor = last.cursor
        }
        return (found, cursor)
    }
}
