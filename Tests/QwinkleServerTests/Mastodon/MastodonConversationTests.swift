import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Mastodon's `direct` statuses and conversations, over Qwinkle's private messages: one conversation, the same in a
/// Mastodon app as on the web and through Qwinkle's API.
@Suite("Mastodon API: conversations and direct statuses", .serialized)
struct MastodonConversationTests {
    @Test("A direct status reaches the people it names as a message; the reply, the context, reading, removing and paging work on every client")
    func directMessages() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            _ = try await api.signUp("cal")
            let app = try await MastodonAppSession.register(api)
            let (abeToken, maryToken, calToken) = (try await app.token(for: "abe"), try await app.token(for: "mary"), try await app.token(for: "cal"))

            let sent = try await api.request(
                .post, "/api/v1/statuses", token: abeToken, json: #"{"status": "@mary Dinner at eight?", "visibility": "direct"}"#
            )
            #expect(sent.status == .ok, "\(sent.json)")
            #expect(MastodonShape.status.problems(in: sent.json) == [])
            #expect(sent.json["visibility"].string == "direct" && sent.json["account"]["id"].string == abe.id)
            #expect(sent.json["mentions"].array.compactMap { $0["acct"].string } == ["mary"])
            let first = try #require(sent.json["id"].string)

            // Mary finds it unread, in her app and in Qwinkle's API alike; Abe's own is read.
            let marys = try await api.get("/api/v1/conversations", token: maryToken)
            #expect(marys.status == .ok)
            let conversation = try #require(marys.json.array.first)
            #expect(marys.json.array.count == 1)
            #expect(conversation["unread"] == .bool(true))
            #expect(conversation["accounts"].array.compactMap { $0["acct"].string } == ["abe"])
            #expect(conversation["last_status"]["id"].string == first)
            #expect(conversation["last_status"]["content"].string?.contains("Dinner at eight?") == true)
            #expect(MastodonShape.status.problems(in: conversation["last_status"]) == [])
            let id = try #require(conversation["id"].string)
            #expect(try await api.get("/api/v1/conversations", token: abeToken).json.array.first?["unread"] == .bool(false))
            let qwinkles = try await api.get("/api/qwinkle/v1/conversations", token: mary.token)
            #expect(qwinkles.json.ids == [id], "one conversation on every client")
            var browser = try await MastodonAppSession.browser(api, as: "mary")
            let list = try await browser.get("/messages").text
            #expect(list.contains(#"data-role="unread""#) && list.contains("Dinner at eight?"))
            #expect(try await browser.get("/messages/\(id)").status == .ok)
            #expect(!(try await browser.get("/messages").text.contains(#"data-role="unread""#)))
            let opened = try await api.get("/api/v1/conversations", token: maryToken)
            #expect(opened.json.array.first?["unread"] == .bool(false), "opened on the web is read in the app")
            let messages = try await api.get("/api/qwinkle/v1/conversations/\(id)/messages", token: mary.token)
            #expect(messages.json.array.compactMap { $0["body"].string } == ["@mary Dinner at eight?"])

            // Only its participants can read it, as a status or as a conversation.
            #expect(try await api.get("/api/v1/statuses/\(first)", token: maryToken).json["id"].string == first)
            #expect(try await api.get("/api/v1/statuses/\(first)", token: calToken).status == .notFound)
            #expect(try await api.get("/api/v1/statuses/\(first)").status == .notFound)
            #expect(try await api.get("/api/v1/conversations", token: calToken).json.array.isEmpty)
            #expect(try await api.request(.post, "/api/v1/conversations/\(id)/read", token: calToken).status == .notFound)
            let favourite = try await api.request(.post, "/api/v1/statuses/\(first)/favourite", token: maryToken)
            #expect(favourite.status == .unprocessableContent && favourite.json["error"].string != nil)

            // Mary answers in the app without naming Abe: it goes to the conversation it answers.
            let reply = try await api.request(
                .post, "/api/v1/statuses", token: maryToken, json: #"{"status": "Yes!", "visibility": "direct", "in_reply_to_id": "\#(first)"}"#
            )
            #expect(reply.status == .ok, "\(reply.json)")
            let second = try #require(reply.json["id"].string)
            let context = try await api.get("/api/v1/statuses/\(second)/context", token: abeToken)
            #expect(context.json["ancestors"].ids == [first] && context.json["descendants"].array.isEmpty)
            let before = try await api.get("/api/v1/statuses/\(first)/context", token: abeToken)
            #expect(before.json["descendants"].ids == [second])
            #expect(before.json["descendants"].array.first?["in_reply_to_id"].string == first)
            let abes = try await api.get("/api/v1/conversations", token: abeToken)
            #expect(abes.json.array.first?["unread"] == .bool(true) && abes.json.array.first?["last_status"]["id"].string == second)

            // Read in the app is read everywhere; removed is off the list until the next message.
            let read = try await api.request(.post, "/api/v1/conversations/\(id)/read", token: abeToken)
            #expect(read.status == .ok && read.json["unread"] == .bool(false), "\(read.json)")
            let removed = try await api.request(.delete, "/api/v1/conversations/\(id)", token: maryToken)
            #expect(removed.status == .ok)
            #expect(try await api.get("/api/v1/conversations", token: maryToken).json.array.isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/conversations", token: mary.token).json.ids.isEmpty)
            #expect(try await api.get("/api/v1/conversations", token: abeToken).json.array.count == 1, "Abe keeps it")
            _ = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "@mary See you", "visibility": "direct"}"#)
            #expect(try await api.get("/api/v1/conversations", token: maryToken).json.array.first?["unread"] == .bool(true))

            // Paged by the latest message, with Link; a cursor that is no message's is refused by name.
            _ = try await api.request(.post, "/api/v1/statuses", token: calToken, json: #"{"status": "@mary hi from Cal", "visibility": "direct"}"#)
            let page = try await api.get("/api/v1/conversations?limit=1", token: maryToken)
            #expect(page.json.array.first?["accounts"].array.first?["acct"].string == "cal")
            let link = try #require(page.headers[HTTPField.Name("Link")!])
            let next = try #require(link.split(separator: "max_id=").last?.prefix { $0.isNumber })
            let older = try await api.get("/api/v1/conversations?limit=1&max_id=\(next)", token: maryToken)
            #expect(older.json.array.first?["id"].string == id, "\(older.json)")
            let below = try #require(older.json.array.first?["last_status"]["id"].string)
            let newer = try await api.get("/api/v1/conversations?min_id=\(below)", token: maryToken)
            #expect(newer.json.array.compactMap { $0["accounts"].array.first?["acct"].string } == ["cal"])
            #expect(try await api.get("/api/v1/conversations?max_id=12", token: maryToken).status == .unprocessableContent)

            // Naming nobody, a direct status is an entry its author alone reads, as before; a message is not deleted.
            let alone = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "Note to self", "visibility": "direct"}"#)
            #expect(alone.json["visibility"].string == "direct" && alone.json["qwinkle"]["visibility"].string == "private")
            #expect(try await api.request(.delete, "/api/v1/statuses/\(first)", token: abeToken).status == .unprocessableContent)
            let scheduled = try await api.request(
                .post, "/api/v1/statuses", token: abeToken,
                json: #"{"status": "@mary later", "visibility": "direct", "scheduled_at": "2099-01-01T00:00:00Z"}"#
            )
            #expect(scheduled.status == .unprocessableContent)
        }
    }

    @Test("The direct stream tells a conversation each time a message comes in it, the sender's own apps too")
    func directStream() async throws {
        try await StreamingTests.live { api in
            let (_, abe, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            var marys = try await api.stream("/api/v1/streaming/direct", token: maryToken)
            var abes = try await api.stream("/api/v1/streaming/direct", token: abeToken)
            #expect(try await marys.nextFrame() == .comment(")"))
            #expect(try await abes.nextFrame() == .comment(")"))
            _ = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "@mary Psst", "visibility": "direct"}"#)
            let told = try #require(try await marys.nextEvent())
            #expect(told.name == "conversation")
            #expect(told.json["unread"] == .bool(true) && told.json["accounts"].array.first?["id"].string == abe.id)
            #expect(told.json["last_status"]["content"].string?.contains("Psst") == true)
            let own = try #require(try await abes.nextEvent())
            #expect(own.name == "conversation" && own.json["unread"] == .bool(false))
            #expect(try await api.get("/api/v1/streaming/direct").status == .unauthorized)
        }
    }
}

/// Private notes on accounts, as Mastodon apps keep them and every Qwinkle client shows them.
@Suite("Mastodon API: private notes on accounts")
struct MastodonAccountNoteTests {
    @Test("A note on an account is its writer's alone: set in an app, shown in its relationships and on the web, and nobody is told")
    func notes() async throws {
        try await TestServer.run { api in
            let (app, abe, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            let set = try await api.request(.post, "/api/v1/accounts/\(abe.id)/note", token: maryToken, json: #"{"comment": "  Met at the harbour café  "}"#)
            #expect(set.status == .ok && set.json["note"].string == "Met at the harbour café", "\(set.json)")
            let relationships = try await api.get("/api/v1/accounts/relationships?id[]=\(abe.id)", token: maryToken)
            #expect(relationships.json.array.first?["note"].string == "Met at the harbour café")
            _ = try await api.signUp("cal")
            let calToken = try await app.token(for: "cal")
            #expect(try await api.get("/api/v1/accounts/relationships?id[]=\(abe.id)", token: calToken).json.array.first?["note"].string == "")
            #expect(try await api.get("/api/v1/notifications", token: abeToken).json.array.allSatisfy { $0["type"].string != "mention" }, "nobody is told")

            var browser = try await MastodonAppSession.browser(api, as: "mary")
            let profile = try await browser.get("/people/abe").text
            #expect(profile.contains(#"data-role="note""#) && profile.contains("Met at the harbour café"))
            let kept = try await browser.post("/people/abe/note", [("note", "Likes owls")])
            #expect(kept.status == .seeOther || kept.status == .found)
            #expect(try await api.get("/api/v1/accounts/relationships?id[]=\(abe.id)", token: maryToken).json.array.first?["note"].string == "Likes owls")

            let tooLong = String(repeating: "x", count: 2_001)
            let refused = try await api.request(.post, "/api/v1/accounts/\(abe.id)/note", token: maryToken, json: #"{"comment": "\#(tooLong)"}"#)
            #expect(refused.status == .unprocessableContent)
            let cleared = try await api.request(.post, "/api/v1/accounts/\(abe.id)/note", token: maryToken, json: #"{"comment": ""}"#)
            #expect(cleared.json["note"].string == "")
            #expect(try await api.request(.post, "/api/v1/accounts/999999/note", token: maryToken, json: #"{"comment": "x"}"#).status == .notFound)
        }
    }
}
