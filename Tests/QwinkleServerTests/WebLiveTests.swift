import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// A timeline page's live stream carries each entry's article as the page shows it, so the page adds new entries and
/// replaces edited ones without asking the server again per event.
@Suite("Web live timelines", .timeLimit(.minutes(10)))
struct WebLiveTests {
    @Test("A new entry, its edit, a restored revision and its deletion reach the home page's stream as articles")
    func newEditedRestoredDeleted() async throws {
        try await StreamingTests.live { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(mary, by: abe)
            var stream = try await api.webStream("/live/home", sessionToken: abe.token)
            #expect(stream.status == .ok)
            #expect(stream.headers[.contentType] == "text/event-stream")
            #expect(try await stream.untilLive().isEmpty)

            let id = try await StreamingTests.post(api, "Hello from Mary", as: mary, visibility: "followers")
            let created = try #require(try await stream.events(through: id).last)
            #expect(created.name == "entry")
            #expect(created.data.hasPrefix("<article class=\"entry\" data-entry-id=\"\(id)\""))
            #expect(created.data.contains("Hello from Mary"))
            // The article is the one the page's own fragment shows.
            let fragment = try await api.request(.get, "/entries/\(id)/article", headers: [.cookie: "qwinkle_session=\(abe.token)"]).text
            #expect(created.data == fragment)

            let edited = try await api.request(.put, "/api/qwinkle/v1/entries/\(id)", token: mary.token, json: """
                {"base_revision": 1, "kind": "update", "body": "Hello again from Mary", "visibility": "followers"}
                """)
            #expect(edited.status == .ok)
            let update = try #require(try await stream.nextEvent())
            #expect(update.name == "update")
            #expect(update.id == nil)
            #expect(update.data.contains("data-entry-id=\"\(id)\""))
            #expect(update.data.contains("Hello again from Mary"))
            #expect(update.data.contains("edited"))

            let restored = try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/revisions/1/restore", token: mary.token)
            #expect(restored.status == .ok)
            let back = try #require(try await stream.nextEvent())
            #expect(back.name == "update")
            #expect(back.data.contains("Hello from Mary"))

            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(id)", token: mary.token).status == .noContent)
            let gone = try #require(try await stream.nextEvent())
            #expect(gone.name == "delete")
            #expect(gone.data == id)
        }
    }

    @Test("The home page's stream answers a visitor with 401, not a redirect an event source cannot follow")
    func visitorIsRefused() async throws {
        try await StreamingTests.live { api in
            let stream = try await api.webStream("/live/home")
            #expect(stream.status == .unauthorized)
            let open = try await api.webStream("/live/public")
            #expect(open.status == .ok)
        }
    }

    @Test("A reconnecting page gets the entries it missed, as articles, before it is live again")
    func missedEntriesComeFirst() async throws {
        try await StreamingTests.live { api in
            let abe = try await api.signUp("abe")
            let first = try await StreamingTests.post(api, "first", as: abe)
            let second = try await StreamingTests.post(api, "second", as: abe)
            var stream = try await api.webStream("/live/public", lastEventID: first)
            let missed = try await stream.untilLive()
            #expect(missed.map(\.id) == [second])
            #expect(missed.first?.data.contains("second") == true)
        }
    }
}
