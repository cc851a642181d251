import HTTPTypes
import QwinkleTestSupport
import Testing

/// Issue 15: notifications of follows, journal sharing, messages, marks and refused edits; grouped, read up to an
/// ID, counted, left out when their subject can no longer be seen, and live.
@Suite("Notifications", .timeLimit(.minutes(10)))
struct NotificationTests {
    /// The reader's notification groups, newest first.
    static func notifications(_ api: APIClient, of user: User, query: String = "") async throws -> [JSON] {
        let response = try await api.get("/api/qwinkle/v1/notifications\(query)", token: user.token)
        #expect(response.status == .ok, "\(response.json)")
        return response.json.array
    }

    /// The reader's unread count.
    static func unread(_ api: APIClient, of user: User) async throws -> Int? {
        try await api.get("/api/qwinkle/v1/notifications/unread_count", token: user.token).json["unread_count"].int
    }

    @Test("Each kind is recorded: followed, journal shared and unshared, a message, a mark, a refused edit")
    func everyKind() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let entry = try #require(try await api.post("Mine", as: mary, visibility: "journal", kind: "journal")["id"].string)
            try await api.follow(mary, by: abe)
            try await api.shareJournal(of: abe, with: mary)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/journal/readers/mary", token: abe.token).status == .noContent)
            let sent = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["mary"], "body": "Hi"}"#)
            let conversation = try #require(sent.json["conversation"]["id"].string)
            try await api.shareJournal(of: mary, with: abe)
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/mark", token: abe.token).status == .ok)
            let edit = #"{"base_revision": 1, "kind": "journal", "body": "#
            #expect(try await api.request(.put, "/api/qwinkle/v1/entries/\(entry)", token: mary.token, json: edit + #""Mine, edited", "visibility": "journal"}"#).status == .ok)
            let refused = try await api.request(.put, "/api/qwinkle/v1/entries/\(entry)", token: mary.token, json: edit + #""Mine, again", "visibility": "journal"}"#)
            #expect(refused.status == .conflict)

            let groups = try await Self.notifications(api, of: mary)
            #expect(groups.compactMap { $0["kind"].string } == ["edit_refused", "marked", "message", "journal_unshared", "followed"])
            #expect(groups.allSatisfy { $0["unread"].bool == true })
            #expect(groups[0]["entry"]["id"].string == entry)
            #expect(groups[0]["base_revision"].int == 1)
            #expect(groups[0]["current_revision"].int == 2)
            #expect(groups[0]["summary"].string == "Your edit was refused because the entry changed since revision 1; it is at revision 2 now")
            #expect(groups[1]["entry"]["id"].string == entry)
            #expect(groups[1]["summary"].string == "@abe marked your entry")
            #expect(groups[2]["conversation_id"].string == conversation)
            #expect(groups[3]["actors"].array.compactMap { $0["username"].string } == ["abe"])
            // Abe's share was taken back, so "shared their journal" is not shown to Mary; Abe's is, to Abe.
            #expect(try await Self.notifications(api, of: abe).compactMap { $0["kind"].string } == ["journal_shared"])
            #expect(try await Self.unread(api, of: mary) == 5)
        }
    }

    @Test("Following or marking twice notifies once; marking your own entry notifies nobody")
    func noDuplicates() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let entry = try #require(try await api.post("Hello", as: mary)["id"].string)
            try await api.follow(mary, by: abe)
            try await api.follow(mary, by: abe)
            for _ in 0..<2 { #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/mark", token: abe.token).status == .ok) }
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/mark", token: mary.token).status == .ok)
            let groups = try await Self.notifications(api, of: mary)
            #expect(groups.compactMap { $0["kind"].string } == ["marked", "followed"])
            #expect(groups.compactMap { $0["count"].int } == [1, 1])
            #expect(try await Self.unread(api, of: mary) == 2)
        }
    }

    @Test("Many marks of one entry come as one group: 'Abe and 2 others marked your entry'")
    func grouping() async throws {
        try await TestServer.run { api in
            let mary = try await api.signUp("mary")
            let entry = try #require(try await api.post("Hello", as: mary)["id"].string)
            let other = try #require(try await api.post("Another", as: mary)["id"].string)
            var users: [User] = []
            for name in ["tad", "bea", "abe"] {
                let user = try await api.signUp(name)
                #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/mark", token: user.token).status == .ok)
                users.append(user)
            }
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(other)/mark", token: users[2].token).status == .ok)

            let groups = try await Self.notifications(api, of: mary)
            #expect(groups.count == 2)
            #expect(groups[0]["entry"]["id"].string == other)
            #expect(groups[0]["count"].int == 1)
            #expect(groups[1]["entry"]["id"].string == entry)
            #expect(groups[1]["count"].int == 3)
            #expect(groups[1]["actors"].array.compactMap { $0["username"].string } == ["abe", "bea", "tad"])
            #expect(groups[1]["summary"].string == "@abe and 2 others marked your entry")
            #expect(try await Self.unread(api, of: mary) == 4, "each notification counts, grouped or not")
        }
    }

    @Test("Reading up to an ID marks it and everything before read, never going backwards")
    func readUpTo() async throws {
        try await TestServer.run { api in
            let mary = try await api.signUp("mary")
            var users: [User] = []
            for name in ["abe", "bea", "tad"] {
                let user = try await api.signUp(name)
                try await api.follow(mary, by: user)
                users.append(user)
            }
            let all = try await Self.notifications(api, of: mary)
            #expect(all.count == 1, "three follows are one group")
            let newest = try #require(all.first?["id"].string)
            let oldest = try #require(all.first?["oldest_id"].string)
            #expect(newest != oldest)

            let read = try await api.request(.post, "/api/qwinkle/v1/notifications/read", token: mary.token, json: #"{"up_to_id": "\#(oldest)"}"#)
            #expect(read.status == .ok)
            #expect(read.json["unread_count"].int == 2)
            #expect(try await Self.unread(api, of: mary) == 2)
            #expect(try await Self.notifications(api, of: mary).first?["unread"].bool == true)
            #expect(try await api.request(.post, "/api/qwinkle/v1/notifications/read", token: mary.token, json: #"{"up_to_id": "\#(newest)"}"#).json["unread_count"].int == 0)
            #expect(try await Self.notifications(api, of: mary).first?["unread"].bool == false)
            let backwards = try await api.request(.post, "/api/qwinkle/v1/notifications/read", token: mary.token, json: #"{"up_to_id": "\#(oldest)"}"#)
            #expect(backwards.json["unread_count"].int == 0, "reading never goes backwards")

            // Paging by notification ID: one notification per page when limited to 1.
            let first = try await api.get("/api/qwinkle/v1/notifications?limit=1", token: mary.token)
            #expect(first.json.ids == [newest])
            #expect(first.headers[try #require(HTTPField.Name("Link"))]?.contains("max_id=\(newest)") == true)
        }
    }

    @Test("Bad requests are 4xx with a code: no token, an unknown field, a missing or bad ID")
    func refusals() async throws {
        try await TestServer.run { api in
            let mary = try await api.signUp("mary")
            #expect(try await api.get("/api/qwinkle/v1/notifications").status == .unauthorized)
            #expect(try await api.get("/api/qwinkle/v1/notifications/unread_count").status == .unauthorized)
            #expect(try await api.get("/api/qwinkle/v1/streaming/notifications").status == .unauthorized)
            for body in [#"{}"#, #"{"up_to_id": "abc"}"#, #"{"up_to_id": "0"}"#, #"{"up_to_id": "1", "more": 1}"#] {
                let response = try await api.request(.post, "/api/qwinkle/v1/notifications/read", token: mary.token, json: body)
                #expect(response.status == .unprocessableContent || response.status == .badRequest, "\(body): \(response.status)")
                #expect(response.errorCode != nil)
            }
            #expect(try await api.get("/api/qwinkle/v1/notifications?max_id=x", token: mary.token).status == .unprocessableContent)
        }
    }

    @Test("A notification about something the reader can no longer see is not shown")
    func notShownWhenHidden() async throws {
        try await TestServer.run { api in
            let mary = try await api.signUp("mary")
            let abe = try await api.signUp("abe")
            let tad = try await api.signUp("tad")
            let deleted = try #require(try await api.post("Going away", as: mary)["id"].string)
            let hidden = try #require(try await api.post("Soon private", as: mary)["id"].string)
            let kept = try #require(try await api.post("Staying", as: mary)["id"].string)
            for entry in [deleted, hidden, kept] {
                #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/mark", token: abe.token).status == .ok)
            }
            try await api.follow(mary, by: tad)
            #expect(try await Self.unread(api, of: mary) == 4)

            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(deleted)", token: mary.token).status == .noContent)
            let madePrivate = try await api.request(.put, "/api/qwinkle/v1/entries/\(hidden)", token: mary.token, json: """
                {"base_revision": 1, "kind": "update", "body": "Soon private", "visibility": "private"}
                """)
            #expect(madePrivate.status == .ok)
            // The deleted entry's mark is not shown; the one made private still is, as Mary may read her own entry.
            #expect(try await Self.notifications(api, of: mary).compactMap { $0["entry"]["id"].string } == [kept, hidden])
            #expect(try await Self.unread(api, of: mary) == 3)
            let deletion = try await api.request(.post, "/api/qwinkle/v1/accounts/me/deletion", token: tad.token, json: #"{"password": "correct horse"}"#)
            #expect(deletion.status == .noContent)
            let kinds = try await Self.notifications(api, of: mary).compactMap { $0["kind"].string }
            #expect(!kinds.contains("followed"), "a deleted account's notifications are gone")
            #expect(try await Self.unread(api, of: mary) == 2)
        }
    }

    @Test("A follow arrives live on the notification stream with the new unread count; Last-Event-ID catches up")
    func live() async throws {
        try await TestServer.run(live: true) { api in
            try await withTimeout {
                let mary = try await api.signUp("mary")
                let abe = try await api.signUp("abe")
                var stream = try await api.stream("/api/qwinkle/v1/streaming/notifications", token: mary.token)
                #expect(stream.status == .ok)
                #expect(stream.headers[.contentType] == "text/event-stream")
                let opening = try await stream.untilLive()
                #expect(opening.map(\.name) == ["unread"])
                #expect(opening.first?.json["unread_count"].int == 0)

                try await api.follow(mary, by: abe)
                let notification = try #require(try await stream.nextEvent())
                #expect(notification.name == "notification")
                #expect(notification.json["kind"].string == "followed")
                #expect(notification.json["actors"][0]["username"].string == "abe")
                let id = try #require(notification.id)
                let unread = try #require(try await stream.nextEvent())
                #expect(unread.name == "unread")
                #expect(unread.json["unread_count"].int == 1)

                let sent = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["mary"], "body": "Hi"}"#)
                #expect(sent.status == .created)
                var again = try await api.stream("/api/qwinkle/v1/streaming/notifications", token: mary.token, lastEventID: id)
                let caughtUp = try await again.untilLive()
                #expect(caughtUp.map(\.name) == ["notification", "unread"])
                #expect(caughtUp.first?.json["kind"].string == "message")
                #expect(caughtUp.last?.json["unread_count"].int == 2)
            }
        }
    }
}
