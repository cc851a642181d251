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
}

extension ListPage: Equatable where Item: Equatable {}
