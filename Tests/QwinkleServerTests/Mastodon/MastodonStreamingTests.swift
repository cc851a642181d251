import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Mastodon's streaming API over server-sent events, on a live server.
@Suite("Mastodon API: streaming", .serialized, .timeLimit(.minutes(10)))
struct MastodonStreamingTests {
    @Test("The user stream sends a followed account's status as update, its edit as status.update, and a follow as notification")
    func userStream() async throws {
        try await StreamingTests.live { api in
            let (app, abe, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)

            var stream = try await api.stream("/api/v1/streaming/user", token: maryToken)
            #expect(stream.status == .ok)
            #expect(stream.headers[.contentType] == "text/event-stream")
            #expect(try await stream.nextFrame() == .comment(")"))

            let posted = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "Live words"}"#)
            let id = try #require(posted.json["id"].string)
            let update = try #require(try await stream.nextEvent())
            #expect(update.name == "update")
            #expect(update.json["id"].string == id)
            #expect(MastodonShape.status.problems(in: update.json) == [])

            _ = try await api.request(.put, "/api/v1/statuses/\(id)", token: abeToken, json: #"{"status": "Edited live words"}"#)
            let edit = try #require(try await stream.nextEvent())
            #expect(edit.name == "status.update")
            #expect(edit.json["content"].string == "<p>Edited live words</p>")

            _ = try await api.request(.delete, "/api/v1/statuses/\(id)", token: abeToken)
            let deleted = try #require(try await stream.nextEvent())
            #expect(deleted.name == "delete")
            #expect(deleted.data == id)

            _ = try await api.request(.post, "/api/v1/accounts/\(abe.id)/follow", token: abeToken)  // Abe follows himself: refused
            let mary = try await api.get("/api/v1/accounts/lookup?acct=mary")
            _ = try await api.request(.post, "/api/v1/accounts/\(mary.json["id"].string ?? "")/follow", token: abeToken)
            let followed = try #require(try await stream.nextEvent())
            #expect(followed.name == "notification")
            #expect(followed.json["type"].string == "follow")
            #expect(followed.json["account"]["acct"].string == "abe")

            // Revoking the token ends its stream.
            _ = try await api.request(
                .post, "/oauth/revoke", json: #"{"token": "\#(maryToken)", "client_id": "\#(app.clientID)", "client_secret": "\#(app.clientSecret)"}"#
            )
            #expect(try await stream.nextEvent() == nil)
        }
    }

    @Test("The public and hashtag streams need no token and send only what anyone may read; health answers OK")
    func publicStreams() async throws {
        try await StreamingTests.live { api in
            let abe = try await api.signUp("abe")
            #expect(try await api.get("/api/v1/streaming/health").text == "OK")
            var everyone = try await api.stream("/api/v1/streaming/public")
            var tagged = try await api.stream("/api/v1/streaming/hashtag?tag=Tea")
            #expect(try await everyone.nextFrame() == .comment(")"))
            #expect(try await tagged.nextFrame() == .comment(")"))
            _ = try await api.post("Only followers", as: abe, visibility: "followers")
            _ = try await api.post("No tag here", as: abe)
            let tea = try #require(try await api.post("Time for #tea", as: abe)["id"].string)
            #expect(try await everyone.nextEvent()?.json["content"].string == "<p>No tag here</p>")
            #expect(try await everyone.nextEvent()?.json["id"].string == tea)
            #expect(try await tagged.nextEvent()?.json["id"].string == tea)
            #expect(try await api.get("/api/v1/streaming/user").status == .unauthorized)
        }
    }
}
