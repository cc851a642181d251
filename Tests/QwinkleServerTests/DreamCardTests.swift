import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

@Suite("Dream cards")
struct DreamCardTests {
    @Test("A dream's card is a self-contained SVG with an ETag; a current copy gets 304")
    func card() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let dream = try await api.post(
                "Crusty <script>alert(1)</script> & friends", as: abe, kind: "dream",
                dream: #"{"creature": "crusty", "effects": ["fireflies", "magic"], "number_of_creatures": 3}"#
            )
            let id = try #require(dream["id"].string)
            let response = try await api.get("/api/qwinkle/v1/entries/\(id)/card.svg")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml")
            let svg = String(decoding: response.bytes, as: UTF8.self)
            #expect(svg.contains("<svg") && svg.contains("</svg>"))
            #expect(svg.contains("data-layer"))
            #expect(!svg.contains("<script>"))
            #expect(svg.contains("&lt;script&gt;"))
            let etag = try #require(response.headers[.eTag])
            let again = try await api.get("/api/qwinkle/v1/entries/\(id)/card.svg")
            #expect(again.headers[.eTag] == etag, "the same dream gives the same card")
            let current = try await api.request(.get, "/api/qwinkle/v1/entries/\(id)/card.svg", headers: [.ifNoneMatch: etag])
            #expect(current.status == .notModified)
        }
    }

    @Test("An update has no card; a dream the viewer may not read has none either")
    func noCard() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let update = try #require(try await api.post("just an update", as: abe)["id"].string)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(update)/card.svg").status == .notFound)
            let secret = try await api.post(
                "a private dream", as: abe, visibility: "private", kind: "dream",
                dream: #"{"creature": "shark", "effects": [], "number_of_creatures": 1}"#
            )
            let id = try #require(secret["id"].string)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)/card.svg").status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)/card.svg", token: abe.token).status == .ok)
        }
    }
}
