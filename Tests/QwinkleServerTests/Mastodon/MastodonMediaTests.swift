import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Media, edits, threads and search through the Mastodon API.
@Suite("Mastodon API: media, edits, threads and search", .serialized)
struct MastodonMediaTests {
    /// A multipart body with a photo and its description, as apps upload one.
    static func upload(_ bytes: [UInt8], description: String?) -> (body: [UInt8], contentType: String) {
        multipart([("file", "photo.png", bytes)] + (description.map { [("description", nil, Array($0.utf8))] } ?? []))
    }

    /// A multipart body of these parts (a file when it has a file name).
    static func multipart(_ parts: [(name: String, filename: String?, bytes: [UInt8])]) -> (body: [UInt8], contentType: String) {
        let boundary = "qwinkle-test-boundary"
        var body: [UInt8] = []
        for part in parts {
            let file = part.filename.map { "; filename=\"\($0)\"\r\nContent-Type: image/png" } ?? ""
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"\(file)\r\n\r\n".utf8)
            body += part.bytes
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    @Test("A photo uploads with its description, which the status attaching it shows as its alternative text")
    func media() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            _ = try await api.signUp("mary")
            let app = try await MastodonAppSession.register(api)
            let token = try await app.token(for: "abe")
            let (body, type) = Self.upload(TestImages.png, description: "A red square")
            let uploaded = try await api.request(.post, "/api/v2/media", token: token, body: body, contentType: type)
            #expect(uploaded.status == .ok, "\(uploaded.json)")
            #expect(MastodonShape.mediaAttachment.problems(in: uploaded.json) == [])
            #expect(uploaded.json["description"].string == "A red square")
            let id = try #require(uploaded.json["id"].string)

            let changed = try await api.request(.put, "/api/v1/media/\(id)", token: token, json: #"{"description": "A small red square"}"#)
            #expect(changed.json["description"].string == "A small red square")
            let posted = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "A photo", "media_ids": ["\#(id)"]}"#)
            #expect(posted.status == .ok, "\(posted.json)")
            #expect(posted.json["media_attachments"][0]["description"].string == "A small red square")
            let url = try #require(posted.json["media_attachments"][0]["url"].string)
            #expect(try await api.get(String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })).status == .ok)

            // Another's photo is not hers to describe or attach.
            let mary = try await app.token(for: "mary")
            #expect(try await api.request(.put, "/api/v1/media/\(id)", token: mary, json: #"{"description": "Mine now"}"#).status == .notFound)
            #expect(try await api.request(.post, "/api/v1/statuses", token: mary, json: #"{"status": "Stolen", "media_ids": ["\#(id)"]}"#).status == .unprocessableContent)
            // What is not an image is refused, and a read token may not upload.
            let (text, textType) = Self.upload(Array("not an image".utf8), description: nil)
            #expect(try await api.request(.post, "/api/v1/media", token: token, body: text, contentType: textType).status.code >= 400)
            let reader = try await app.token(for: "abe", scope: "read")
            #expect(try await api.request(.post, "/api/v2/media", token: reader, body: body, contentType: type).status == .forbidden)
        }
    }

    @Test("An edit is a suggestion on the current revision: its history and source follow, and one from an old revision is a conflict")
    func edits() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            _ = try await api.signUp("mary")
            let app = try await MastodonAppSession.register(api)
            let token = try await app.token(for: "abe")
            let posted = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "First words"}"#)
            let id = try #require(posted.json["id"].string)
            let edited = try await api.request(.put, "/api/v1/statuses/\(id)", token: token, json: #"{"status": "Second words"}"#)
            #expect(edited.status == .ok)
            #expect(edited.json["content"].string == "<p>Second words</p>")
            #expect(edited.json["edited_at"].string != nil)
            #expect(edited.json["qwinkle"]["revision"].int == 2)

            let history = try await api.get("/api/v1/statuses/\(id)/history", token: token)
            #expect(history.json.array.compactMap { $0["content"].string } == ["<p>First words</p>", "<p>Second words</p>"])
            #expect(try await api.get("/api/v1/statuses/\(id)/source", token: token).json["text"].string == "Second words")

            let stale = try await api.request(.put, "/api/v1/statuses/\(id)", token: token, json: #"{"status": "From the first", "base_revision": "1"}"#)
            #expect(stale.status == .conflict)
            #expect(stale.json["error"].string?.contains("changed since revision 1") == true)
            #expect(try await api.get("/api/v1/statuses/\(id)", token: token).json["content"].string == "<p>Second words</p>")

            // Someone else may neither edit it nor read its earlier words.
            let mary = try await app.token(for: "mary")
            #expect(try await api.request(.put, "/api/v1/statuses/\(id)", token: mary, json: #"{"status": "Mine"}"#).status == .forbidden)
            #expect(try await api.get("/api/v1/statuses/\(id)/history", token: mary).status == .forbidden)
        }
    }

    @Test("A status's context has the entries it answers and its replies, only those the reader may see")
    func context() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            _ = try await api.signUp("mary")
            let app = try await MastodonAppSession.register(api)
            let abe = try await app.token(for: "abe")
            let mary = try await app.token(for: "mary")
            let root = try #require(try await api.request(.post, "/api/v1/statuses", token: abe, json: #"{"status": "Root"}"#).json["id"].string)
            let reply = try #require(try await api.request(
                .post, "/api/v1/statuses", token: mary, json: #"{"status": "Reply", "in_reply_to_id": "\#(root)"}"#
            ).json["id"].string)
            _ = try await api.request(.post, "/api/v1/statuses", token: abe, json: #"{"status": "Private answer", "in_reply_to_id": "\#(reply)", "visibility": "direct"}"#)
            let context = try await api.get("/api/v1/statuses/\(reply)/context", token: mary)
            #expect(context.json["ancestors"].array.compactMap { $0["id"].string } == [root])
            // Abe's answer only he may see: Mary's context leaves it out.
            #expect(context.json["descendants"].array.isEmpty)
            let own = try await api.get("/api/v1/statuses/\(root)/context", token: abe)
            #expect(own.json["descendants"].array.compactMap { $0["content"].string } == ["<p>Reply</p>", "<p>Private answer</p>"])
        }
    }

    @Test("Search v2 finds accounts, statuses the reader may read, and tags")
    func search() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            _ = try await api.signUp("mary")
            try await api.post("Coffee at dawn #coffee", as: abe)
            try await api.post("Secret coffee", as: abe, visibility: "followers")
            let token = try await MastodonAppSession.register(api).token(for: "mary")
            let found = try await api.get("/api/v2/search?q=coffee", token: token)
            #expect(found.status == .ok)
            #expect(found.json["statuses"].array.compactMap { $0["content"].string }.count == 1)
            for status in found.json["statuses"].array { #expect(MastodonShape.status.problems(in: status) == []) }
            #expect(try await api.get("/api/v2/search?q=%23coffee&type=hashtags", token: token).json["hashtags"][0]["name"].string == "coffee")
            let people = try await api.get("/api/v2/search?q=@ab&type=accounts", token: token)
            #expect(people.json["accounts"].array.compactMap { $0["acct"].string } == ["abe"])
            #expect(people.json["statuses"].array.isEmpty)
        }
    }
}
