import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// Plain HTTP requests to a test server, to compare what a client saved with what the server itself serves.
enum TestHTTP {
    /// One answer, read whole.
    struct Response: Sendable {
        /// The status code.
        let status: Int
        /// The headers.
        let headers: HTTPHeaders
        /// The whole body.
        let body: Data

        /// The first value of a header, if the answer has it.
        func header(_ name: String) -> String? {
            headers.first(name: name)
        }
    }

    /// `GET url`, with `Authorization: Bearer token` when a token is given.
    static func get(_ url: String, token: String? = nil) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Response(status: Int(response.status.code), headers: response.headers, body: Data(body.readableBytesView))
    }

    /// The IDs of an entry's photos, in order, as `GET /api/v1/entries/{id}` lists them.
    static func photoIDs(ofEntry id: String, on server: String, token: String) async throws -> [String] {
        let response = try await get("\(server)/api/v1/entries/\(id)", token: token)
        try #require(response.status == 200, "GET entry \(id) answered \(response.status)")
        return try JSONDecoder().decode(EntryPhotos.self, from: response.body).photos.map(\.id)
    }

    /// The part of an entry's JSON that names its photos.
    private struct EntryPhotos: Decodable {
        /// One attached photo.
        struct Photo: Decodable {
            /// The photo's ID, as in `/api/v1/photos/{id}`.
            var id: String
        }
        /// The photos, in order.
        var photos: [Photo]
    }
}
