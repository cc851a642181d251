import HTTPTypes
import QwinkleTestSupport
import Testing

@Suite("Private messages")
struct MessageTests {
    @Test("One conversation per set of participants, readable by them alone")
    func conversations() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let tad = try await api.signUp("tad")
            let first = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["mary"], "body": "Hello Mary"}"#)
            #expect(first.status == .created)
            let conversation = try #require(first.json["conversation"]["id"].string)
            #expect(first.json["conversation"]["accounts"].array.compactMap { $0["username"].string } == ["abe", "mary"])
            let reply = try await api.request(.post, "/api/qwinkle/v1/messages", token: mary.token, json: #"{"to": ["ABE"], "body": "Hello Abe"}"#)
            #expect(reply.json["conversation"]["id"].string == conversation, "the same two people share one conversation")
            let group = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["mary", "tad"], "body": "All of us"}"#)
            #expect(group.json["conversation"]["id"].string != conversation)

            let messages = try await api.get("/api/qwinkle/v1/conversations/\(conversation)/messages", token: abe.token)
            #expect(messages.json.array.compactMap { $0["body"].string } == ["Hello Abe", "Hello Mary"])
            #expect(try await api.get("/api/qwinkle/v1/conversations/\(conversation)/messages", token: tad.token).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/conversations/\(conversation)/messages").status == .unauthorized)
            #expect(try await api.get("/api/qwinkle/v1/conversations", token: abe.token).json.ids.count == 2)
            #expect(try await api.get("/api/qwinkle/v1/conversations", token: tad.token).json.ids.count == 1)
            // Each participant reads and removes a conversation for themselves.
            let listed = try await api.get("/api/qwinkle/v1/conversations", token: abe.token)
            let withMary = try #require(listed.json.array.first { $0["id"].string == conversation })
            #expect(withMary["unread"] == .bool(true) && withMary["last_message"]["body"].string == "Hello Abe")
            let read = try await api.request(.post, "/api/qwinkle/v1/conversations/\(conversation)/read", token: abe.token)
            #expect(read.status == .ok && read.json["unread"] == .bool(false))
            #expect(try await api.request(.post, "/api/qwinkle/v1/conversations/\(conversation)/read", token: tad.token).status == .notFound)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/conversations/\(conversation)", token: abe.token).status == .noContent)
            #expect(!(try await api.get("/api/qwinkle/v1/conversations", token: abe.token).json.ids.contains(conversation)))
            #expect(try await api.get("/api/qwinkle/v1/conversations", token: mary.token).json.ids.contains(conversation), "Mary keeps it")
            _ = try await api.request(.post, "/api/qwinkle/v1/messages", token: mary.token, json: #"{"to": ["abe"], "body": "Still there?"}"#)
            #expect(try await api.get("/api/qwinkle/v1/conversations", token: abe.token).json.ids.contains(conversation), "a new message brings it back")
        }
    }

    @Test("Unknown recipients, only yourself, an empty body or someone else's photo are 422")
    func invalid() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let marysPhoto = try await api.upload(as: mary)
            let cases = [
                (#"{"to": ["nobody"], "body": "hi"}"#, "to"),
                (#"{"to": ["abe"], "body": "hi"}"#, "to"),
                (#"{"to": ["mary"], "body": "  "}"#, "body"),
                (#"{"to": ["mary"], "body": "hi", "photo_ids": ["\#(marysPhoto)"]}"#, "photo_ids"),
            ]
            for (body, field) in cases {
                let response = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: body)
                #expect(response.status == .unprocessableContent)
                #expect(!response.fieldErrors(field).isEmpty, "\(body)")
            }
            #expect(try await api.get("/api/qwinkle/v1/conversations", token: abe.token).json.array.isEmpty)
        }
    }

    @Test("A photo sent in a message is served to the conversation's participants only")
    func photos() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let tad = try await api.signUp("tad")
            let photo = try await api.upload(as: abe)
            let sent = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["mary"], "body": "look", "photo_ids": ["\#(photo)"]}"#)
            #expect(sent.json["message"]["photo_ids"].array.compactMap(\.string) == [photo])
            #expect(try await api.get("/api/qwinkle/v1/photos/\(photo)", token: mary.token).status == .ok)
            #expect(try await api.get("/api/qwinkle/v1/photos/\(photo)", token: tad.token).status == .notFound)
        }
    }
}
