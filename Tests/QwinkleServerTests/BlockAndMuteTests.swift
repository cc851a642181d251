import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Blocks and mutes through Qwinkle's own API: what each ends, refuses and hides, beyond the read paths the access
/// control matrix covers.
@Suite("Blocks and mutes")
struct BlockAndMuteTests {
    @Test("A block ends follows both ways and refuses the blocked person's follow, reply, message and mark; unblocking ends only the block")
    func blockRefuses() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let troll = try await api.signUp("troll")
            try await api.follow(abe, by: troll)
            try await api.follow(troll, by: abe)
            let entry = try #require(try await api.post("Hello", as: abe)["id"].string)

            let blocked = try await api.request(.post, "/api/qwinkle/v1/accounts/troll/block", token: abe.token)
            #expect(blocked.status == .ok)
            #expect(blocked.json["blocking"].bool == true && blocked.json["following"].bool == false && blocked.json["followed_by"].bool == false)
            let seen = try await api.get("/api/qwinkle/v1/accounts/abe/relationship", token: troll.token)
            #expect(seen.json["blocked_by"].bool == true && seen.json["following"].bool == false)

            let follow = try await api.request(.post, "/api/qwinkle/v1/accounts/abe/follow", token: troll.token)
            #expect(follow.status == .forbidden, "\(follow.json)")
            let followBack = try await api.request(.post, "/api/qwinkle/v1/accounts/troll/follow", token: abe.token)
            #expect(followBack.status == .forbidden, "the blocker unblocks first")
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/followers", token: abe.token).json.array.isEmpty)

            let reply = try await ConversationTests.reply("go away", to: entry, as: troll, api: api)
            let toNothing = try await ConversationTests.reply("go away", to: try AccessControlMatrixTests.missingID(like: entry), as: troll, api: api)
            #expect(reply.status == toNothing.status && reply.status != .created, "the entry does not exist for them: \(reply.json)")
            let mark = try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/mark", token: troll.token)
            #expect(mark.status == .notFound)
            let message = try await api.request(.post, "/api/qwinkle/v1/messages", token: troll.token, json: #"{"to": ["abe"], "body": "hi"}"#)
            #expect(message.status == .unprocessableContent && message.json["error"]["fields"]["to"].array.count == 1, "\(message.json)")
            #expect(try await api.get("/api/qwinkle/v1/blocks", token: abe.token).json.array.map { $0["username"].string } == ["troll"])

            let unblocked = try await api.request(.delete, "/api/qwinkle/v1/accounts/troll/block", token: abe.token)
            #expect(unblocked.json["blocking"].bool == false && unblocked.json["following"].bool == false, "what the block ended stays ended")
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/abe/follow", token: troll.token).status == .ok)
        }
    }

    @Test("A blocked person's mentions and marks, and a muted person's (unless their notifications are kept), are not notified or counted")
    func notifications() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let tad = try await api.signUp("tad")
            let troll = try await api.signUp("troll")
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/troll/block", token: abe.token).status == .ok)
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/mary/mute", token: abe.token, json: "{}").status == .ok)
            let quiet = try await api.request(.post, "/api/qwinkle/v1/accounts/tad/mute", token: abe.token, json: #"{"notifications": false}"#)
            #expect(quiet.json["muting"]["notifications"].bool == false)
            for user in [troll, mary, tad] {
                _ = try await api.post("Hey @abe, from \(user.username)", as: user)
            }
            let shown = try await api.get("/api/qwinkle/v1/notifications", token: abe.token).json.array
            #expect(shown.flatMap { $0["actors"].array.map { $0["username"].string } } == ["tad"], "\(shown)")
            #expect(try await api.get("/api/qwinkle/v1/notifications/unread_count", token: abe.token).json["unread_count"].int == 1)
        }
    }

    @Test("A mute keeps someone out of timelines but not off their page; it runs out by itself; a duration out of range is refused")
    func muteLists() async throws {
        let clock = AccessControlMatrixTests.MatrixClock()
        try await TestServer.run(clock: clock.now) { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(mary, by: abe)
            let entry = try #require(try await api.post("Mary's news", as: mary)["id"].string)
            let tooLong = try await api.request(.post, "/api/qwinkle/v1/accounts/mary/mute", token: abe.token, json: #"{"duration": 0}"#)
            #expect(tooLong.status == .unprocessableContent || tooLong.status == .badRequest, "\(tooLong.json)")
            let muted = try await api.request(.post, "/api/qwinkle/v1/accounts/mary/mute", token: abe.token, json: #"{"duration": 3600}"#)
            #expect(muted.status == .ok && muted.json["muting"]["expires_at"].string != nil)
            #expect(!(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.ids.contains(entry)))
            #expect(try await api.get("/api/qwinkle/v1/accounts/mary/entries", token: abe.token).json.ids.contains(entry))
            #expect(try await api.get("/api/qwinkle/v1/mutes", token: abe.token).json.array.map { $0["account"]["username"].string } == ["mary"])
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/relationship", token: mary.token).json["muting"].isNull, "nobody else can tell")

            clock.advance(by: 3_601)
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.ids.contains(entry), "the mute ran out")
            #expect(try await api.get("/api/qwinkle/v1/mutes", token: abe.token).json.array.isEmpty)
        }
    }

    @Test("Blocking someone takes their entries off the blocker's open timeline at once, and the blocker's off theirs")
    func liveHide() async throws {
        try await TestServer.run(live: true) { api in
            let abe = try await api.signUp("abe")
            let troll = try await api.signUp("troll")
            _ = try await api.post("Trolling", as: troll)
            var mine = try await api.stream("/api/qwinkle/v1/streaming/public", token: abe.token)
            var theirs = try await api.stream("/api/qwinkle/v1/streaming/public", token: troll.token)
            _ = try await mine.untilLive()
            _ = try await theirs.untilLive()
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/troll/block", token: abe.token).status == .ok)
            let hidden = try #require(try await mine.nextEvent())
            #expect(hidden.name == "hide" && hidden.data == #"{"accounts":["troll"]}"#, "\(hidden)")
            let hiddenThere = try #require(try await theirs.nextEvent())
            #expect(hiddenThere.name == "hide" && hiddenThere.data == #"{"accounts":["abe"]}"#, "\(hiddenThere)")
        }
    }
}
