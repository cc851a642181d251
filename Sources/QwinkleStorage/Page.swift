/// Which page of a newest-first list to read.
public struct PageRequest: Hashable, Sendable {
    /// The most items to return.
    public var limit: Int
    /// Return only items whose cursor is below this one: the next, older page.
    public var maxCursor: Int64?
    /// Return only items whose cursor is above this one: what is new since.
    public var sinceCursor: Int64?

    /// Describes a page.
    public init(limit: Int, maxCursor: Int64? = nil, sinceCursor: Int64? = nil) {
        self.limit = limit
        self.maxCursor = maxCursor
        self.sinceCursor = sinceCursor
    }
}

/// An item of a page with the cursor it sorts by (an entry's ID in a timeline, a mark's or follow's own sequence).
public struct Paged<Item: Sendable>: Sendable {
    /// Where the item sits in its list; the next page starts below the last cursor.
    public var cursor: Int64
    /// The item.
    public var item: Item

    /// Pairs an item with its cursor.
    public init(cursor: Int64, item: Item) {
        self.cursor = cursor
        self.item = item
    }
}

extension Paged: Equatable where Item: Equatable {}
