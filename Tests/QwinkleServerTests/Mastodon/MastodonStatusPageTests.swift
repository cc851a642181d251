import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// A page of statuses reuses what pages repeat (each revision's published part, each author's account): what it
/// shows must still be what the status alone shows, and change the moment the truth does.
@Suite("Mastodon API: pages of statuses", .serialized)
struct MastodonStatusPageTests {
    @Test("A status on a page is the status alone, and a page read again shows an edit, a mark, a reply, a new follower and a new name")
    func pagesFollowTheTruth() async throws {
        try await TestServer.run { api in
            let (app, abe, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            let posted = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "First words #tea"}"#)
            let id = try #require(posted.json["id"].string)

            func onHome(_ path: String = "/api/v1/timelines/home", headers: HTTPFields = [:]) async throws -> JSON {
                let page = try await api.request(.get, path, token: maryToken, headers: headers)
                #expect(page.status == .ok)
                return try #require(page.json.array.first { $0["id"].string == id })
            }
            func alone() async throws -> JSON {
                try await api.get("/api/v1/statuses/\(id)", token: maryToken).json
            }

            let first = try await onHome()
            #expect(MastodonShape.status.problems(in: first) == [])
            #expect(first == (try await alone()))
            #expect(try await onHome() == first)

            _ = try await api.request(.put, "/api/v1/statuses/\(id)", token: abeToken, json: #"{"status": "Second words"}"#)
            var shown = try await onHome()
            #expect(shown["content"].string?.contains("Second words") == true)
            #expect(shown["tags"].array.isEmpty)
            #expect(shown["qwinkle"]["revision"].int == 2)
            #expect(shown["edited_at"].string != nil)

            #expect(shown["favourited"] == .bool(false))
            _ = try await api.request(.post, "/api/v1/statuses/\(id)/favourite", token: maryToken)
            shown = try await onHome()
            #expect(shown["favourited"] == .bool(true))

            _ = try await api.request(.post, "/api/v1/statuses", token: maryToken, json: #"{"status": "Lovely", "in_reply_to_id": "\#(id)"}"#)
            shown = try await onHome()
            #expect(shown["replies_count"].int == 1)

            #expect(shown["account"]["followers_count"].int == 1)
            let carlToken = try await { () async throws -> String in
                _ = try await api.signUp("carl")
                return try await app.token(for: "carl")
            }()
            _ = try await api.request(.post, "/api/v1/accounts/\(abe.id)/follow", token: carlToken)
            shown = try await onHome()
            #expect(shown["account"]["followers_count"].int == 2)

            _ = try await api.request(.patch, "/api/v1/accounts/update_credentials", token: abeToken, json: #"{"display_name": "Abe Lincoln"}"#)
            shown = try await onHome()
            #expect(shown["account"]["display_name"].string == "Abe Lincoln")
            #expect(shown == (try await alone()))

            // Another origin is another page: its URLs name the origin the app reached.
            let secure = try await onHome(headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            #expect(secure["url"].string?.hasPrefix("https://") == true)
            #expect(secure["account"]["url"].string?.hasPrefix("https://") == true)
            #expect(shown["url"].string?.hasPrefix("http://") == true)
        }
    }
}
