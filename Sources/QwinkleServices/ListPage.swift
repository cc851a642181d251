import QwinkleStorage

/// One page of a newest-first list, and where the next page starts.
public struct ListPage<Item: Sendable>: Sendable {
    /// The items, newest first.
    public var items: [Item]
    /// The cursor the next, older page starts below; `nil` when the list has ended.
    public var next: Int64?

    /// Describes a page.
    public init(items: [Item], next: Int64?) {
        self.items = items
        self.next = next
    }

    /// A page of what storage read for `page`: full, so a next page may follow below its last cursor, or the end.
    public init(_ paged: [Paged<Item>], page: PageRequest) {
        self.init(items: paged.map(\.item), next: paged.count == page.limit ? paged.last?.cursor : nil)
    }
}

extension ListPage: Equatable where Item: Equatable {}
