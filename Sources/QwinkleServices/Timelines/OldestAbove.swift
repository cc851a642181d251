import QwinkleStorage

/// The page just above a cursor, as Mastodon's `min_id` asks for it: the `limit` oldest items newer than the cursor,
/// newest first, so an app catching up after a gap reads it page by page upward and skips nothing. (`since_id` is
/// the newest items above the cursor instead: a gap wider than a page is skipped.)
///
/// Qwinkle's lists are read newest first; rather than a second, oldest-first reading of every list, the window's
/// top is narrowed by halves until the window holds no more than a page: one read when the gap fits on a page, and
/// about log₂ of the gap in cursors when it does not (some 20 reads over a million entries).
enum OldestAbove {
    /// What one read of a window found: its items newest first, and whether they are all the window holds.
    struct Window<Item> {
        var items: [Item]
        var isComplete: Bool
    }

    /// The `limit` items just above `since` and below `max` (when given), newest first. `read` reads the window of
    /// a page request (it is asked for one item more than `limit`, so a full window is never taken for a whole one).
    static func page<Item>(
        limit: Int, since: Int64, max: Int64?, cursor: (Item) -> Int64?, read: (PageRequest) async throws -> Window<Item>
    ) async throws -> [Item] {
        let whole = try await read(PageRequest(limit: limit + 1, maxCursor: max, sinceCursor: since))
        guard !whole.isComplete, let newest = whole.items.first.flatMap(cursor) else { return Array(whole.items.prefix(limit)) }
        // `low` bounds a window known to fit on a page (at first an empty one), `high` one known not to.
        var low = since + 1
        var high = Swift.min(max ?? .max, newest + 1)
        var fitting: [Item] = []
        while high - low > 1 {
            let middle = low + (high - low) / 2
            let window = try await read(PageRequest(limit: limit + 1, maxCursor: middle, sinceCursor: since))
            if window.isComplete {
                low = middle
                fitting = window.items
            } else {
                high = middle
            }
        }
        // The window below `low` fits and one more cursor does not: it holds the page's items, all of them.
        return Array(fitting.prefix(limit))
    }
}
