import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Follows and notifications through the Mastodon API.
@Suite("Mastodon API: follows and notifications", .serialized)
struct MastodonFollowTests {
    @Test("Follow and unfollow by ID answer the relationship; followers, following and relationships agree")
    func follows() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let app = try await MastodonAppSession.register(api)
            let token = try await app.token(for: "abe")
            let followed = try await api.request(.post, "/api/v1/accounts/\(mary.id)/follow", token: token)
            #expect(followed.status == .ok)
            #expect(MastodonShape.relationship.problems(in: followed.json) == [])
            #expect(followed.json["following"] == .bool(true))
            #expect(followed.json["followed_by"] == .bool(false))

            let followers = try await api.get("/api/v1/accounts/\(mary.id)/followers", token: token)
            #expect(followers.json.array.compactMap { $0["id"].string } == [abe.id])
            let following = try await api.get("/api/v1/accounts/\(abe.id)/following")
            #expect(following.json.array.compactMap { $0["acct"].string } == ["mary"])
            let relationships = try await api.get("/api/v1/accounts/relationships?id[]=\(mary.id)&id[]=999999", token: token)
            #expect(relationships.json.array.compactMap { $0["following"].bool } == [true])

            let unfollowed = try await api.request(.post, "/api/v1/accounts/\(mary.id)/unfollow", token: token)
            #expect(unfollowed.json["following"] == .bool(false))
            #expect(try await api.get("/api/v1/accounts/\(mary.id)/followers").json.array.isEmpty)

            let found = try await api.get("/api/v1/accounts/search?q=@mar", token: token)
            #expect(found.json.array.compactMap { $0["acct"].string } == ["mary"])
            // A token that may not follow cannot.
            let reader = try await app.token(for: "abe", scope: "read")
            #expect(try await api.request(.post, "/api/v1/accounts/\(mary.id)/follow", token: reader).status == .forbidden)
        }
    }

    @Test("A follow, a mention and a favourite notify, in Mastodon's types; the marker moves with what was read")
    func notifications() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let app = try await MastodonAppSession.register(api)
            let abeToken = try await app.token(for: "abe")
            let maryToken = try await app.token(for: "mary")
            _ = try await api.request(.post, "/api/v1/accounts/\(abe.id)/follow", token: maryToken)
            _ = try await api.request(.post, "/api/v1/statuses", token: maryToken, json: #"{"status": "Hello @abe"}"#)
            let post = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "Mine"}"#)
            _ = try await api.request(.post, "/api/v1/statuses/\(post.json["id"].string ?? "")/favourite", token: maryToken)
            // Something Mastodon apps have no type for is left out (a shared journal).
            _ = try await api.request(.post, "/api/qwinkle/v1/journal/readers", token: mary.token, json: #"{"username": "abe"}"#)

            let notifications = try await api.get("/api/v1/notifications", token: abeToken)
            #expect(notifications.status == .ok)
            for notification in notifications.json.array { #expect(MastodonShape.notification.problems(in: notification) == []) }
            #expect(notifications.json.array.compactMap { $0["type"].string } == ["favourite", "mention", "follow"])
            #expect(notifications.json.array.allSatisfy { $0["account"]["acct"].string == "mary" })
            #expect(notifications.json[0]["status"]["content"].string == "<p>Mine</p>")
            let mentions = try await api.get("/api/v1/notifications?types[]=mention", token: abeToken)
            #expect(mentions.json.array.compactMap { $0["type"].string } == ["mention"])

            let newest = try #require(notifications.json[0]["id"].string)
            let marked = try await api.request(.post, "/api/v1/markers", token: abeToken, json: #"{"notifications": {"last_read_id": "\#(newest)"}}"#)
            #expect(marked.json["notifications"]["last_read_id"].string == newest)
            let markers = try await api.get("/api/v1/markers?timeline[]=notifications", token: abeToken)
            #expect(markers.json["notifications"]["last_read_id"].string == newest)
            // What Mastodon apps were shown is read; the shared journal, newer and not shown there, is still unread.
            #expect(try await api.get("/api/qwinkle/v1/notifications/unread_count", token: abe.token).json["unread_count"].int == 1)
        }
    }
}
