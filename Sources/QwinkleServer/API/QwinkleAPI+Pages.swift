import QwinkleServices
import QwinkleStorage

/// The page a list request asked for, and how to link to the next one.
struct PageQuery {
    /// The page, as the services read it.
    let request: PageRequest
    /// The list's path, for the `Link` header.
    let path: String

    /// The `Link` header for the page after one that ended at `next`, or `nil` when the list ended.
    func nextLink(_ next: Int64?) -> String? {
        guard let next else { return nil }
        return "<\(path)?limit=\(request.limit)&max_id=\(next)>; rel=\"next\""
    }
}
