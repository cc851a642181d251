import Foundation
import QwinkleKit
import QwinkleStorage

/// The page a list request asked for, and how to link to the next one.
struct PageQuery {
    /// The default and largest page sizes.
    static let defaultLimit = 20
    static let maximumLimit = 100

    let request: PageRequest
    let path: String

    /// Reads `limit`, `max_id` and `since_id`: a limit above 100 is capped, below 1 or a cursor that is not
    /// an ID is 422.
    init(path: String, limit: Int?, maxID: String?, sinceID: String?) throws {
        if let limit, limit < 1 { throw APIError.invalid(field: "limit", "limit must be at least 1.") }
        request = PageRequest(
            limit: min(limit ?? Self.defaultLimit, Self.maximumLimit),
            maxCursor: try Self.cursor(maxID, name: "max_id"),
            sinceCursor: try Self.cursor(sinceID, name: "since_id")
        )
        self.path = path
    }

    private static func cursor(_ text: String?, name: String) throws -> Int64? {
        guard let text else { return nil }
        guard let value = Int64(text), value >= 0 else { throw APIError.invalid(field: name, "\(name) must be an ID from an earlier page.") }
        return value
    }

    /// The `Link` header for the page after one that ended at `lastCursor`, or `nil` when the list ended.
    func nextLink(lastCursor: Int64?) -> String? {
        guard let lastCursor else { return nil }
        return "<\(path)?limit=\(request.limit)&max_id=\(lastCursor)>; rel=\"next\""
    }
}

extension QwinkleAPI {
    /// Reads a list page by page until `limit` entries the viewer may read are found or the list ends.
    ///
    /// The storage narrows each list by scope; the read policy judges every entry, so a page is never short
    /// because of entries the viewer may not see, and never holds one. The returned cursor is where the next page
    /// starts, `nil` when nothing is left.
    func visibleEntries(_ scope: EntryScope, page: PageRequest, viewer: Viewer) async throws -> (entries: [Entry], nextCursor: Int64?) {
        var found: [Entry] = []
        var request = page
        // Bound the work one request can cause; the Link header lets the client continue.
        for _ in 0..<10 {
            request.limit = max(page.limit, 20)
            let batch = try await storage.entries(scope, page: request)
            for paged in batch where ReadPolicy.canRead(paged.item, viewer: viewer) {
                found.append(paged.item)
                if found.count == page.limit { return (found, paged.cursor) }
            }
            guard batch.count == request.limit, let last = batch.last else { return (found, nil) }
            request.maxCursor = last.cursor
        }
        return (found, request.maxCursor)
    }
}
