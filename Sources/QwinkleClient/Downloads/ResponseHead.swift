import AsyncHTTPClient
import NIOHTTP1

/// The parts of a response head a strategy decides on.
struct ResponseHead: Equatable, Sendable {
    var status: Int
    var etag: String?
    var contentLength: Int64?
    var contentRange: ContentRange?
    var acceptsByteRanges: Bool

    init(status: Int, etag: String? = nil, contentLength: Int64? = nil, contentRange: ContentRange? = nil, acceptsByteRanges: Bool = false) {
        self.status = status
        self.etag = etag
        self.contentLength = contentLength
        self.contentRange = contentRange
        self.acceptsByteRanges = acceptsByteRanges
    }

    init(_ response: HTTPClientResponse) {
        let headers = response.headers
        self.init(
            status: Int(response.status.code),
            etag: headers.first(name: "ETag"),
            contentLength: headers.first(name: "Content-Length").flatMap { Int64($0) },
            contentRange: headers.first(name: "Content-Range").flatMap(ContentRange.init),
            // `Accept-Ranges` is a list; `none` or a unit other than bytes offers nothing usable.
            acceptsByteRanges: headers[canonicalForm: "Accept-Ranges"].contains { $0.lowercased() == "bytes" }
        )
    }
}
