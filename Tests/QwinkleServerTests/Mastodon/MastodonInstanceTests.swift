import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// The Mastodon client API's first answers: what an app asks before anyone logs in.
@Suite("Mastodon API: the instance", .serialized)
struct MastodonInstanceTests {
    @Test("Both versions of the instance have every attribute Mastodon's documentation requires, with the length rule's numbers")
    func instances() async throws {
        try await TestServer.run { api in
            let v1 = try await api.get("/api/v1/instance")
            #expect(v1.status == .ok)
            #expect(MastodonShape.instanceV1.problems(in: v1.json) == [])
            let v2 = try await api.get("/api/v2/instance")
            #expect(v2.status == .ok)
            #expect(MastodonShape.instanceV2.problems(in: v2.json) == [])
            for json in [v1.json, v2.json] {
                // Apps read the leading x.y.z to decide what to ask for.
                #expect(json["version"].string?.hasPrefix("4.3.0 (compatible; Qwinkle ") == true)
                #expect(json["configuration"]["statuses"]["max_characters"].int == 140)
                #expect(json["configuration"]["statuses"]["characters_reserved_per_url"].int == 23)
                #expect(json["configuration"]["statuses"]["max_media_attachments"].int == 4)
                #expect(json["configuration"]["media_attachments"]["image_size_limit"].int == 10 * 1024 * 1024)
                #expect(json["qwinkle"]["characters_reserved_per_photo"].int == 23)
                #expect(json["qwinkle"]["journal_max_characters"].int == 10_000)
            }
            // Mastodon.py asks with a trailing slash.
            #expect(try await api.get("/api/v1/instance/").json == v1.json)
        }
    }

    @Test("The instance counts the server's people, what they posted for others to read, and who posted this month")
    func stats() async throws {
        try await TestServer.run { api in
            #expect(try await api.get("/api/v1/instance").json["stats"]["user_count"].int == 0)
            let abe = try await api.signUp("abe")
            _ = try await api.signUp("mary")
            try await api.post("One", as: abe)
            try await api.post("Two", as: abe, visibility: "followers")
            try await api.post("Dear diary", as: abe, visibility: "journal", kind: "journal")
            let stats = try await api.get("/api/v1/instance").json["stats"]
            #expect(stats["user_count"].int == 2 && stats["status_count"].int == 2 && stats["domain_count"].int == 0, "\(stats)")
            #expect(try await api.get("/api/v2/instance").json["usage"]["users"]["active_month"].int == 1)
        }
    }

    @Test("A list an empty server has is an empty list")
    func emptyLists() async throws {
        try await TestServer.run { api in
            for path in ["/api/v1/custom_emojis", "/api/v1/instance/peers", "/api/v1/instance/rules", "/api/v1/trends/tags"] {
                let response = try await api.get(path)
                #expect(response.status == .ok, "\(path)")
                #expect(response.json == .array([]), "\(path)")
            }
        }
    }

    @Test("No Mastodon path answers Qwinkle's shapes: what is not built yet is a 404 in Mastodon's error shape")
    func oneShapePerPath() async throws {
        try await TestServer.run { api in
            for path in ["/api/v1/search?q=fox", "/api/v1/entries", "/api/v2/nothing"] {
                let response = try await api.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.json.keys == ["error"] && response.json["error"].string != nil, "\(path): \(response.json)")
            }
            // Qwinkle's own errors keep theirs.
            #expect(try await api.get("/api/qwinkle/v1/nothing").json["error"]["code"].string == "not_found")
        }
    }

    @Test("The entity check itself catches a missing attribute, a wrong type and a null where none is allowed")
    func checkerFails() throws {
        let json = try JSON(data: Data(#"{"uri": 3, "title": null, "rules": [{"id": "1"}]}"#.utf8))
        let shape = MastodonShape.object(["uri": .string, "title": .string, "email": .string, "rules": .array(.rule)])
        #expect(shape.problems(in: json) == ["email is missing", "rules[0].text is missing", "title is null", "uri is not a string"])
    }
}
