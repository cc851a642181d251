import QwinkleTestSupport
import Testing

extension TestHTTP {
    /// The IDs of an entry's photos, in order, as `GET /api/qwinkle/v1/entries/{id}` lists them.
    static func photoIDs(ofEntry id: String, on server: String, token: String) async throws -> [String] {
        let response = try await get("\(server)/api/qwinkle/v1/entries/\(id)", token: token)
        try #require(response.status == 200, "GET entry \(id) answered \(response.status)")
        return response.json["photos"].ids
    }
}
