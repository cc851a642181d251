/// Where a page of entry search results starts.
///
/// Ranking every match of a common word is what makes a search slow, so a search ranks a bounded window: the newest
/// `window` matches below an ID (which an index reads cheaply in ID order), ordered by relevance and then by
/// recency. Pages walk that ranked window; once it is exhausted, the next window starts below its oldest ID, so
/// every match is still reached exactly once. The position is the window's bound and how many of its ranked
/// matches were already read.
public struct SearchPosition: Hashable, Sendable {
    /// The largest window, and the base of a position's cursor number: an offset in a window is always below it.
    public static let maximumWindow = 1000
    /// The first page: the newest matches.
    public static let start = SearchPosition(below: nil, offset: 0)

    /// The window holds matches whose IDs are below this one; `nil`: the newest matches.
    public var below: Int64?
    /// How many of the window's ranked matches come before the page.
    public var offset: Int

    /// Describes a position.
    public init(below: Int64?, offset: Int) {
        self.below = below
        self.offset = offset
    }

    /// The position a cursor number names: `0` the start, a number below `maximumWindow` an offset in the newest
    /// window, any other `below × maximumWindow + offset`. `nil` for a negative number.
    public init?(cursor: Int64) {
        guard cursor >= 0 else { return nil }
        let base = Int64(Self.maximumWindow)
        if cursor < base {
            self.init(below: nil, offset: Int(cursor))
        } else {
            self.init(below: cursor / base, offset: Int(cursor % base))
        }
    }

    /// The position as one number, the form a page's `Link` carries (the contract's cursor is a decimal of at most
    /// 18 digits, so an ID needs at most 15, a thousand times more entries than one server will hold). `nil` when
    /// it cannot be written so.
    public var cursor: Int64? {
        guard (0..<Self.maximumWindow).contains(offset) else { return nil }
        guard let below else { return Int64(offset) }
        let (scaled, overflow) = below.multipliedReportingOverflow(by: Int64(Self.maximumWindow))
        guard below > 0, !overflow, scaled <= 999_999_999_999_999_000 else { return nil }
        return scaled + Int64(offset)
    }
}

/// Which page of entry search results to read.
public struct SearchPageRequest: Hashable, Sendable {
    /// Where the page starts.
    public var start: SearchPosition
    /// The most entries to return.
    public var limit: Int
    /// How many of the newest matches are ranked together, at most `SearchPosition.maximumWindow`; tests use a
    /// small window to cross its boundary.
    public var window: Int

    /// Describes a page; the window is clamped to 1...`SearchPosition.maximumWindow`.
    public init(start: SearchPosition, limit: Int, window: Int = SearchPosition.maximumWindow) {
        self.start = start
        self.limit = limit
        self.window = min(max(window, 1), SearchPosition.maximumWindow)
    }
}

/// A match a backend read for a window: its ID and how well it matches (higher is better).
public struct ScoredMatch: Hashable, Sendable {
    /// The entry's ID.
    public var id: Int64
    /// The relevance; equal scores are ordered newest first.
    public var score: Double

    /// Pairs an ID with its score.
    public init(id: Int64, score: Double) {
        self.id = id
        self.score = score
    }
}

extension SearchPageRequest {
    /// Walks the ranked windows from `start` until `limit` IDs are found or the matches end: the one place both
    /// backends page search results, so they page alike.
    ///
    /// `readWindow(below, size)` returns at most `size` matches with IDs below `below` (all when `nil`) that pass
    /// the search's narrowing and filters, the newest of them. Each ID comes with the position after it.
    public func walk(readWindow: (_ below: Int64?, _ size: Int) throws -> [ScoredMatch]) rethrows -> [Paged<Int64>] {
        var found: [Paged<Int64>] = []
        var position = start
        while found.count < limit {
            let matches = try readWindow(position.below, window)
            let step = Self.step(matches, at: position, window: window, wanted: limit - found.count)
            found += step.found
            guard let next = step.next else { break }
            position = next
        }
        return found
    }

    /// `walk(readWindow:)` for a backend whose reads are asynchronous.
    public func walk(readWindow: (_ below: Int64?, _ size: Int) async throws -> [ScoredMatch]) async rethrows -> [Paged<Int64>] {
        var found: [Paged<Int64>] = []
        var position = start
        while found.count < limit {
            let matches = try await readWindow(position.below, window)
            let step = Self.step(matches, at: position, window: window, wanted: limit - found.count)
            found += step.found
            guard let next = step.next else { break }
            position = next
        }
        return found
    }

    /// Ranks one window and takes up to `wanted` IDs from the position's offset; `next` is the following window's
    /// start when this one is exhausted and was full (more matches may be older), `nil` otherwise.
    static func step(_ matches: [ScoredMatch], at position: SearchPosition, window: Int, wanted: Int) -> (found: [Paged<Int64>], next: SearchPosition?) {
        let ranked = matches.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id > $1.id }
        let isFull = matches.count >= window
        let oldest = matches.map(\.id).min()
        // A position after the first page keeps the newest window's bound, so a match written meanwhile does not
        // shift the window's ranking under the pages still to come.
        let below = position.below ?? matches.map(\.id).max().map { $0 + 1 }
        let following = isFull ? oldest.map { SearchPosition(below: $0, offset: 0) } : nil
        guard position.offset < ranked.count else { return ([], following) }
        let taken = ranked[position.offset..<min(ranked.count, position.offset + wanted)]
        var found: [Paged<Int64>] = []
        for (index, id) in zip(taken.indices, taken.map(\.id)) {
            let after = index + 1 == ranked.count ? following ?? SearchPosition(below: below, offset: index + 1)
                : SearchPosition(below: below, offset: index + 1)
            // A position too large for a cursor ends the list there rather than naming a wrong one.
            guard let cursor = after.cursor else { return (found, nil) }
            found.append(Paged(cursor: cursor, item: id))
        }
        let exhausted = position.offset + taken.count == ranked.count
        return (found, exhausted ? following : nil)
    }
}
