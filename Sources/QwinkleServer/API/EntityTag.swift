import Foundation

/// Entity tags for conditional requests (RFC 9110 §13.1.2).
enum EntityTag {
    /// Whether an `If-None-Match` header names this tag (or `*`), so the client's copy is current.
    static func isCurrent(_ etag: String, ifNoneMatch: String?) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            // A weak tag matches by its opaque part for GET, as the weak comparison allows.
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
