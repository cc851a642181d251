import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Replies, threads, mentions and tags through the JSON API.
@Suite("Replies, mentions and tags")
struct ConversationTests {
    static func reply(
        _ body: String, to parent: String, as user: User, visibility: String = "public", wider: Bool? = nil, api: APIClient
    ) async throws -> APIResponse {
        let widerField = wider.map { #", "wider_visibility": \#($0)"# } ?? ""
        return try await api.request(.post, "/api/qwinkle/v1/entries", token: user.token, json: """
            {"kind": "update", "body": \(APIClient.quoted(body)), "visibility": "\(visibility)", "in_reply_to": "\(parent)"\(widerField)}
            """)
    }

    @Test("A reply names its parent to those who may read it; the thread reads in reply order, a page at a time, with Link")
    func threadPages() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let root = try #require(try await api.post("What is for dinner?", as: abe)["id"].string)
            var replies: [String] = []
            for number in 1...5 {
                let response = try await Self.reply("Idea \(number) @abe", to: number == 3 ? replies[0] : root, as: mary, api: api)
                #expect(response.status == .created)
                #expect(response.json["is_reply"].bool == true)
                replies.append(try #require(response.json["id"].string))
            }
            let first = try await api.get("/api/qwinkle/v1/entries/\(replies[2])", token: abe.token)
            #expect(first.json["in_reply_to"]["id"].string == replies[0])
            #expect(first.json["in_reply_to"]["author"]["username"].string == "mary")
            #expect(first.json["mentions"][0]["username"].string == "abe")
            #expect(try await api.get("/api/qwinkle/v1/entries/\(root)").json["replies_count"].int == 4)

            // Reply order: 1, then 3 (its reply), then 2, 4, 5; two at a time through the Link.
            var seen: [String] = []
            var depths: [Int] = []
            var url: String? = "/api/qwinkle/v1/entries/\(root)/context?limit=2"
            while let next = url, seen.count < 10 {
                let page = try await api.get(next)
                #expect(page.status == .ok)
                #expect(page.json["entry"]["id"].string == root)
                seen += page.json["replies"].array.compactMap { $0["entry"]["id"].string }
                depths += page.json["replies"].array.compactMap { $0["depth"].int }
                url = Self.nextLink(page.headers[.init("Link")!])
            }
            #expect(seen == [replies[0], replies[2], replies[1], replies[3], replies[4]])
            #expect(depths == [1, 2, 1, 1, 1])
            let context = try await api.get("/api/qwinkle/v1/entries/\(replies[2])/context")
            #expect(context.json["ancestors"].array.compactMap { $0["id"].string } == [root, replies[0]])
        }
    }

    @Test("Replying is refused with a clear error: a hidden or deleted parent, a wider reply not chosen, a scheduled reply")
    func refusals() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(abe, by: mary)
            let secret = try #require(try await api.post("secret", as: abe, visibility: "private")["id"].string)
            let friends = try #require(try await api.post("friends only", as: abe, visibility: "followers")["id"].string)
            let hidden = try await Self.reply("hi", to: secret, as: mary, api: api)
            let missing = try await Self.reply("hi", to: "999999", as: mary, api: api)
            #expect(hidden.status == .unprocessableContent && missing.status == .unprocessableContent)
            #expect(hidden.fieldErrors("in_reply_to") == missing.fieldErrors("in_reply_to").map { $0.replacingOccurrences(of: "999999", with: secret) })
            let widened = try await Self.reply("for all", to: friends, as: mary, api: api)
            #expect(widened.status == .unprocessableContent)
            #expect(!widened.fieldErrors("visibility").isEmpty)
            #expect(try await Self.reply("for all, on purpose", to: friends, as: mary, wider: true, api: api).status == .created)
            #expect(try await Self.reply("for friends", to: friends, as: mary, visibility: "followers", api: api).status == .created)
            let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3_600))
            let scheduled = try await api.request(.post, "/api/qwinkle/v1/entries", token: mary.token, json: """
                {"kind": "update", "body": "later", "visibility": "followers", "in_reply_to": "\(friends)", "scheduled_at": "\(later)"}
                """)
            #expect(scheduled.status == .unprocessableContent)
            let counted = try await api.get("/api/qwinkle/v1/entries/\(friends)", token: abe.token).json["replies_count"].int
            #expect(counted == 2)
            // A cursor that is no cursor is refused before anything is looked up, so it tells nothing of the entry.
            for token in [nil, mary.token] {
                let badCursor = try await api.get("/api/qwinkle/v1/entries/\(friends)/context?cursor=abc", token: token)
                #expect(badCursor.status == .unprocessableContent, "\(badCursor.json)")
            }
        }
    }

    @Test("A tag's timeline holds the entries with the tag, however it is spelt, that the viewer may read")
    func tagTimeline() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let cafe = try #require(try await api.post("Morning #Café", as: abe)["id"].string)
            let upper = try #require(try await api.post("Again #CAFÉ and #cafe\u{301}", as: mary)["id"].string)
            _ = try await api.post("Secret #café", as: abe, visibility: "private")
            _ = try await api.post("cafe without a tag", as: abe)
            let page = try await api.get("/api/qwinkle/v1/timelines/tag/Caf%C3%A9")
            #expect(page.status == .ok)
            #expect(page.json.ids == [upper, cafe])
            #expect(page.json[0]["tags"].array.compactMap(\.string) == ["café"])
            #expect(try await api.get("/api/qwinkle/v1/timelines/tag/%23caf%C3%A9", token: abe.token).json.ids.count == 3)
            #expect(try await api.get("/api/qwinkle/v1/timelines/tag/two%20words").status == .notFound)
            let paged = try await api.get("/api/qwinkle/v1/timelines/tag/caf%C3%A9?limit=1")
            #expect(Self.nextLink(paged.headers[.init("Link")!])?.hasPrefix("/api/qwinkle/v1/timelines/tag/caf%C3%A9?limit=1&max_id=") == true)
        }
    }

    @Test("A mention notifies, exactly once and live, only someone who may read the entry")
    func mentionsNotify() async throws {
        try await TestServer.run(live: true) { api in
            try await withTimeout {
                let abe = try await api.signUp("abe")
                let mary = try await api.signUp("mary")
                let zoe = try await api.signUp("zoe")
                try await api.follow(abe, by: mary)
                var stream = try await api.stream("/api/qwinkle/v1/streaming/notifications", token: mary.token)
                _ = try await stream.untilLive()
                let entry = try #require(try await api.post("Lunch, @mary and @zoe and @nobody?", as: abe, visibility: "followers")["id"].string)
                let notification = try #require(try await stream.nextEvent())
                #expect(notification.json["kind"].string == "mentioned")
                #expect(notification.json["entry"]["id"].string == entry)
                let mentions = try await api.get("/api/qwinkle/v1/entries/\(entry)", token: abe.token).json["mentions"].array.compactMap { $0["username"].string }
                #expect(mentions == ["mary", "zoe"])
                for (user, count) in [(mary, 1), (zoe, 0)] {
                    let groups = try await api.get("/api/qwinkle/v1/notifications", token: user.token).json.array
                    #expect(groups.filter { $0["kind"].string == "mentioned" }.count == count, "\(user.username)")
                }
                // The parent's author is told of a reply (and not also of the mention in it).
                _ = try await Self.reply("Yes @abe", to: entry, as: mary, visibility: "followers", api: api)
                let told = try await api.get("/api/qwinkle/v1/notifications", token: abe.token).json.array.compactMap { $0["kind"].string }
                #expect(told == ["replied", "followed"])
            }
        }
    }

    /// The URL in a `Link: <URL>; rel="next"` header.
    static func nextLink(_ header: String?) -> String? {
        guard let header, let start = header.firstIndex(of: "<"), let end = header.firstIndex(of: ">") else { return nil }
        return String(header[header.index(after: start)..<end])
    }
}
