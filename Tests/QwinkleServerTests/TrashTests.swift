import HTTPTypes
import QwinkleTestSupport
import Testing

/// Deleting moves an entry to its author's trash; restoring brings the same entry back.
@Suite("Trash")
struct TrashTests {
    @Test("A deleted dream is hidden from everyone, listed in its author's trash, and restored with the same ID, revisions and marks")
    func restoreKeepsTheEntry() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let dream = try await api.post(
                "Sharks in the snow", as: abe, kind: "dream", dream: #"{"creature": "shark", "effects": ["snow"], "number_of_creatures": 2}"#
            )
            let id = try #require(dream["id"].string)
            let edited = try await api.request(.put, "/api/qwinkle/v1/entries/\(id)", token: abe.token, json: """
                {"base_revision": 1, "kind": "dream", "body": "Sharks in the rain", "visibility": "public", \
                "dream": {"creature": "shark", "effects": ["rain"], "number_of_creatures": 2}}
                """)
            #expect(edited.status == .ok)
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/mark", token: mary.token).status == .ok)

            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(id)", token: abe.token).status == .noContent)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/timelines/public").json.ids.isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/marks", token: mary.token).json.ids.isEmpty)
            let trash = try await api.get("/api/qwinkle/v1/trash", token: abe.token)
            #expect(trash.json.array.map { $0["entry"]["id"].string } == [id])
            #expect(trash.json[0]["deleted_at"].string != nil)
            #expect(try await api.get("/api/qwinkle/v1/trash", token: mary.token).json.array.isEmpty, "a trash is its author's alone")
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/restore", token: mary.token).status == .notFound)

            let restored = try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/restore", token: abe.token)
            #expect(restored.status == .ok)
            #expect(restored.json["id"].string == id)
            #expect(restored.json["revision"].int == 2)
            #expect(restored.json["body"].string == "Sharks in the rain")
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)/revisions", token: abe.token).json.array.count == 2)
            #expect(try await api.get("/api/qwinkle/v1/marks", token: mary.token).json.ids == [id], "the mark came back with it")
            #expect(try await api.get("/api/qwinkle/v1/trash", token: abe.token).json.array.isEmpty)
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/restore", token: abe.token).status == .ok, "restoring twice changes nothing")
        }
    }
}
