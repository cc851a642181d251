import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Issue 7: new entries arrive live over server-sent events, to exactly the viewers the timelines show them to.
///
/// Each test reads its streams on a live server, inside a time limit. That an entry does not arrive is shown by
/// a later entry that does: a stream's events come in the order they were written.
@Suite("Live timelines", .timeLimit(.minutes(10)))
struct StreamingTests {
    /// Runs `body` on a live server, within a time limit so a stream that never answers fails instead of hanging.
    static func live(heartbeat: Duration = .seconds(15), _ body: @escaping @Sendable (APIClient) async throws -> Void) async throws {
        try await TestServer.run(live: true, streamHeartbeat: heartbeat) { api in
            try await withTimeout { try await body(api) }
        }
    }

    /// Posts an entry and returns its ID.
    static func post(_ api: APIClient, _ body: String, as user: User, visibility: String = "public") async throws -> String {
        let kind = visibility == "journal" ? "journal" : "update"
        return try #require(try await api.post(body, as: user, visibility: visibility, kind: kind)["id"].string)
    }

    @Test("A followed account's new entry arrives on the home stream as GET /api/qwinkle/v1/entries/{id} shows it")
    func followedEntryArrives() async throws {
        try await Self.live { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(mary, by: abe)
            var stream = try await api.stream("/api/qwinkle/v1/streaming/home", token: abe.token)
            #expect(stream.status == .ok)
            #expect(stream.headers[.contentType] == "text/event-stream")
            #expect(stream.headers[.cacheControl] == "no-cache")
            #expect(stream.headers[try #require(HTTPField.Name("X-Accel-Buffering"))] == "no")
            #expect(try await stream.untilLive().isEmpty)

            let id = try await Self.post(api, "Hello, followers", as: mary, visibility: "followers")
            let events = try await stream.events(through: id)
            #expect(events.map(\.id) == [id])
            let event = try #require(events.first)
            #expect(event.name == "entry")
            #expect(!event.data.contains("\n"), "one data line")
            #expect(event.json == (try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token)).json)
        }
    }

    @Test("Someone else's private entry, and entries of people not followed, never arrive on home")
    func homeLeavesOutWhatItsTimelineLeavesOut() async throws {
        try await Self.live { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let stranger = try await api.signUp("stranger")
            try await api.follow(mary, by: abe)
            var stream = try await api.liveStream("/api/qwinkle/v1/streaming/home", token: abe.token)

            _ = try await Self.post(api, "her secret", as: mary, visibility: "private")
            _ = try await Self.post(api, "not followed", as: stranger)
            let own = try await Self.post(api, "my own secret", as: abe, visibility: "private")
            #expect(try await stream.events(through: own).map(\.id) == [own])
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.ids == [own])
        }
    }

    @Test("The public stream needs no token and carries only public entries")
    func publicStream() async throws {
        try await Self.live { api in
            let abe = try await api.signUp("abe")
            var stream = try await api.stream("/api/qwinkle/v1/streaming/public")
            #expect(stream.status == .ok)
            _ = try await stream.untilLive()

            for visibility in ["followers", "journal", "private"] {
                _ = try await Self.post(api, "a \(visibility) entry", as: abe, visibility: visibility)
            }
            let open = try await Self.post(api, "for everyone", as: abe)
            let events = try await stream.events(through: open)
            #expect(events.map(\.id) == [open])
            #expect(events.first?.json == (try await api.get("/api/qwinkle/v1/entries/\(open)")).json)
        }
    }

    @Test("Journal entries arrive only to the journal's readers, even on the home stream of a follower")
    func journalOnlyToReaders() async throws {
        try await Self.live { api in
            let willie = try await api.signUp("willie")
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.shareJournal(of: willie, with: abe)
            // Mary follows Willie, so his journal entries reach her home's scope; the read policy keeps them out.
            try await api.follow(willie, by: mary)
            var reader = try await api.stream("/api/qwinkle/v1/streaming/journal", token: abe.token)
            var outsider = try await api.stream("/api/qwinkle/v1/streaming/journal", token: mary.token)
            var outsiderHome = try await api.stream("/api/qwinkle/v1/streaming/home", token: mary.token)
            for index in 0..<3 {
                switch index {
                case 0: _ = try await reader.untilLive()
                case 1: _ = try await outsider.untilLive()
                default: _ = try await outsiderHome.untilLive()
                }
            }

            let entry = try await Self.post(api, "Dear diary", as: willie, visibility: "journal")
            #expect(try await reader.events(through: entry).map(\.id) == [entry])
            // Mary's own private entry is in both of her streams, after Willie's.
            let own = try await Self.post(api, "mine", as: mary, visibility: "private")
            #expect(try await outsider.events(through: own).map(\.id) == [own])
            #expect(try await outsiderHome.events(through: own).map(\.id) == [own])
        }
    }

    @Test("Following or unfollowing while a stream is open counts from the next entry on")
    func relationsAreReadWhenAnEntryArrives() async throws {
        try await Self.live { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            var stream = try await api.liveStream("/api/qwinkle/v1/streaming/home", token: abe.token)

            _ = try await Self.post(api, "before", as: mary)
            let first = try await Self.post(api, "mine", as: abe, visibility: "private")
            #expect(try await stream.events(through: first).map(\.id) == [first])

            try await api.follow(mary, by: abe)
            let followed = try await Self.post(api, "while followed", as: mary, visibility: "followers")
            #expect(try await stream.events(through: followed).map(\.id) == [followed])

            #expect(try await api.request(.delete, "/api/qwinkle/v1/accounts/mary/follow", token: abe.token).status == .ok)
            _ = try await Self.post(api, "after", as: mary, visibility: "followers")
            let last = try await Self.post(api, "mine again", as: abe, visibility: "private")
            #expect(try await stream.events(through: last).map(\.id) == [last])
        }
    }

    @Test("Without a token home and journal are 401, a token that is not valid is 401 everywhere, a bad Last-Event-ID is 422")
    func refusals() async throws {
        try await TestServer.run { api in
            for path in ["/api/qwinkle/v1/streaming/home", "/api/qwinkle/v1/streaming/journal"] {
                let response = try await api.get(path)
                #expect(response.status == .unauthorized, "\(path)")
                #expect(response.errorCode == "unauthorized")
            }
            for path in ["/api/qwinkle/v1/streaming/home", "/api/qwinkle/v1/streaming/public", "/api/qwinkle/v1/streaming/journal"] {
                #expect(try await api.get(path, token: "not-a-token").status == .unauthorized, "\(path)")
            }
            let abe = try await api.signUp("abe")
            let badCursor = try await api.request(
                .get, "/api/qwinkle/v1/streaming/home", token: abe.token, headers: [try #require(HTTPField.Name("Last-Event-ID")): "yesterday"]
            )
            #expect(badCursor.status == .unprocessableContent)
            #expect(badCursor.fieldErrors("Last-Event-ID").count == 1)
        }
    }

    @Test("Deleting an entry tells the streams that showed it, and only them")
    func deleteEvent() async throws {
        try await Self.live { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let stranger = try await api.signUp("stranger")
            try await api.follow(mary, by: abe)
            var follower = try await api.stream("/api/qwinkle/v1/streaming/home", token: abe.token)
            var everyone = try await api.stream("/api/qwinkle/v1/streaming/public")
            var other = try await api.stream("/api/qwinkle/v1/streaming/home", token: stranger.token)
            _ = try await follower.untilLive()
            _ = try await everyone.untilLive()
            _ = try await other.untilLive()

            let id = try await Self.post(api, "soon gone", as: mary)
            _ = try await follower.events(through: id)
            _ = try await everyone.events(through: id)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(id)", token: mary.token).status == .noContent)
            for var stream in [follower, everyone] {
                let event = try #require(try await stream.nextEvent())
                #expect(event.name == "delete")
                #expect(event.id == nil, "Last-Event-ID keeps naming the last entry")
                #expect(event.json == .object(["id": .string(id)]))
            }
            let own = try await Self.post(api, "mine", as: stranger, visibility: "private")
            #expect(try await other.events(through: own).map(\.id) == [own])
        }
    }

    @Test("An edit sends the new version; an edit that hides the entry sends delete; showing it again sends update")
    func editEvents() async throws {
        try await Self.live { api in
            let abe = try await api.signUp("abe")
            var stream = try await api.liveStream("/api/qwinkle/v1/streaming/public")
            let id = try await Self.post(api, "first words", as: abe)
            _ = try await stream.events(through: id)

            let edit = { (base: Int, body: String, visibility: String) in
                try await api.request(.put, "/api/qwinkle/v1/entries/\(id)", token: abe.token, json: """
                    {"base_revision": \(base), "kind": "update", "body": "\(body)", "visibility": "\(visibility)"}
                    """).status
            }
            #expect(try await edit(1, "better words", "public") == .ok)
            let update = try #require(try await stream.nextEvent())
            #expect(update.name == "update")
            #expect(update.id == nil)
            #expect(update.json["body"].string == "better words")
            #expect(update.json == (try await api.get("/api/qwinkle/v1/entries/\(id)")).json)

            #expect(try await edit(2, "better words", "private") == .ok)
            let hidden = try #require(try await stream.nextEvent())
            #expect(hidden.name == "delete")
            #expect(hidden.json["id"].string == id)

            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/revisions/2/restore", token: abe.token).status == .ok)
            let restored = try #require(try await stream.nextEvent())
            #expect(restored.name == "update")
            #expect(restored.json["revision"].int == 4)
            #expect(restored.json["visibility"].string == "public")
        }
    }

    @Test("A repeated Idempotency-Key creates nothing, so it sends nothing")
    func idempotentReplaySendsNothing() async throws {
        try await Self.live { api in
            let abe = try await api.signUp("abe")
            var stream = try await api.liveStream("/api/qwinkle/v1/streaming/public")
            let first = try await api.postEntry("once", as: abe, idempotencyKey: "key-1")
            let again = try await api.postEntry("once", as: abe, idempotencyKey: "key-1")
            let id = try #require(first.json["id"].string)
            #expect(again.json["id"].string == id)
            let next = try await Self.post(api, "next", as: abe)
            #expect(try await stream.events(through: next).map(\.id) == [id, next])
        }
    }

    @Test("Reconnecting with Last-Event-ID first sends the entries missed, oldest first, then goes on live")
    func catchUp() async throws {
        try await Self.live { api in
            let abe = try await api.signUp("abe")
            let seen = try await Self.post(api, "seen", as: abe)
            let missed = try await Self.post(api, "missed", as: abe)
            _ = try await Self.post(api, "not for the public", as: abe, visibility: "followers")
            let alsoMissed = try await Self.post(api, "also missed", as: abe)

            var stream = try await api.stream("/api/qwinkle/v1/streaming/public", lastEventID: seen)
            let caughtUp = try await stream.untilLive()
            #expect(caughtUp.map(\.id) == [missed, alsoMissed])
            #expect(caughtUp.allSatisfy { $0.name == "entry" })
            #expect(caughtUp.first?.json == (try await api.get("/api/qwinkle/v1/entries/\(missed)")).json)
            let live = try await Self.post(api, "live", as: abe)
            #expect(try await stream.events(through: live).map(\.id) == [live])
        }
    }

    @Test("Logging out ends the streams of that token, and it cannot open another")
    func revokedTokenEndsTheStream() async throws {
        try await Self.live { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            var stream = try await api.liveStream("/api/qwinkle/v1/streaming/home", token: abe.token)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/sessions/current", token: abe.token).status == .noContent)
            // The token is checked when something happens.
            _ = try await Self.post(api, "anything", as: mary)
            #expect(try await stream.nextFrame() == nil)
            #expect(try await api.stream("/api/qwinkle/v1/streaming/home", token: abe.token).status == .unauthorized)
        }
    }

    @Test("A quiet stream is sent a `: keep-alive` comment every heartbeat")
    func heartbeat() async throws {
        try await Self.live(heartbeat: .milliseconds(100)) { api in
            // Timed from before the request: a client slowed by a busy machine may find both comments already waiting.
            let clock = ContinuousClock()
            let start = clock.now
            var stream = try await api.liveStream("/api/qwinkle/v1/streaming/public")
            #expect(try await stream.nextFrame() == .comment("keep-alive"))
            #expect(try await stream.nextFrame() == .comment("keep-alive"))
            #expect(start.duration(to: clock.now) >= .milliseconds(200), "two heartbeats apart")
        }
    }

    @Test("A graceful shutdown ends open streams, so the server stops while their clients are still connected")
    func gracefulShutdownEndsStreams() async throws {
        try await TestServer.withTemporaryData { server in
            try await withTimeout {
                try await server.serve { running in
                    var stream = try await EventStream.open(port: running.port, path: "/api/qwinkle/v1/streaming/public")
                    _ = try await stream.untilLive()

                    await running.beginGracefulShutdown()
                    waitingFor("the server to end the stream as it shuts down")
                    #expect(try await stream.nextFrame() == nil, "the stream ended")
                    // The client never hangs up: had the server waited for it, this would wait until the time limit.
                    waitingFor("the server to stop while the stream's client is still connected")
                    try await running.untilStopped()
                    withExtendedLifetime(stream) {}
                }
            }
        }
    }
}
