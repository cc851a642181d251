import HTTPTypes
import Hummingbird
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// The page a list request asks for, as Mastodon pages: `limit` (20 by default, at most 40), `max_id` for older
    /// items, `min_id` or `since_id` for newer ones (`min_id` first, as Mastodon reads them). A list that pages
    /// upward reads `min_id` as its name says (`readsUpward`); the others read it as `since_id`, the same items when
    /// they fit on one page.
    static func pageRequest(_ request: Request) throws -> PageRequest {
        let query = request.uri.queryParameters
        return try TimelineService.pageRequest(
            limit: try limit(request), maxID: query.get("max_id"), sinceID: query.get("min_id") ?? query.get("since_id")
        )
    }

    /// The `limit` a list request asks for: 20 by default, at most 40.
    static func limit(_ request: Request) throws -> Int {
        let limit = try request.uri.queryParameters.get("limit").map { text in
            guard let value = Int(text) else { throw ServiceError.invalid(field: "limit", "limit must be a number.") }
            return value
        }
        return min(limit ?? 20, 40)
    }

    /// Whether a request asks for the page just above `min_id` (its oldest newer items) rather than the newest.
    static func readsUpward(_ request: Request) -> Bool {
        request.uri.queryParameters.get("min_id") != nil
    }

    /// `Link` with the next (older) page first, as apps read it, then the previous (newer) one.
    static func linkHeader(next: Int64?, newest: String?, limit: Int, base: String) -> HTTPFields {
        var links: [String] = []
        if let next { links.append("<\(base)?limit=\(limit)&max_id=\(next)>; rel=\"next\"") }
        if let newest { links.append("<\(base)?limit=\(limit)&min_id=\(newest)>; rel=\"prev\"") }
        var headers = HTTPFields()
        if !links.isEmpty, let link = HTTPField.Name("Link") { headers[link] = links.joined(separator: ", ") }
        return headers
    }
}
