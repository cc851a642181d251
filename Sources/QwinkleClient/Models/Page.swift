import Foundation
import QwinkleKit

/// A page of a newest-first list, and where the next page starts.
public struct Page<Item: Sendable>: Sendable {
    /// The items, newest first.
    public var items: [Item]
    /// The cursor to pass as `before` for the next page, or `nil` when this is the last page.
    public var nextCursor: String?

    /// Describes a page.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Codable where Item: Codable {}

/// The `max_id` (or another `parameter`) of a `Link: <…?max_id=N…>; rel="next"` header.
func nextCursor(fromLink link: String?, parameter: String = "max_id") -> String? {
    guard let link, link.contains("rel=\"next\""), let start = link.range(of: "&\(parameter)=") ?? link.range(of: "?\(parameter)=") else { return nil }
    let digits = link[start.upperBound...].prefix { $0.isNumber }
    return digits.isEmpty ? nil : String(digits)
}
