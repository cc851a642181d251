import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// An account that approves its followers: a follow waits as a request, and its followers-only entries wait with it.
@Suite("Follow requests")
struct FollowRequestTests {
    @Test("Following a locked account asks it; it sees the request and is told; approving lets the follower read followers' entries")
    func approve() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let locked = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: #"{"locked": true}"#)
            #expect(locked.status == .ok && locked.json["locked"].bool == true, "\(locked.json)")
            let friends = try #require(try await api.post("For friends", as: abe, visibility: "followers")["id"].string)

            let asked = try await api.request(.post, "/api/qwinkle/v1/accounts/abe/follow", token: mary.token)
            #expect(asked.json["requested"].bool == true && asked.json["following"].bool == false, "\(asked.json)")
            #expect(try await api.get("/api/qwinkle/v1/entries/\(friends)", token: mary.token).status == .notFound, "not yet a follower")
            #expect(try await api.get("/api/qwinkle/v1/accounts/mary/relationship", token: abe.token).json["requested_by"].bool == true)
            #expect(try await api.get("/api/qwinkle/v1/follow_requests", token: abe.token).json.array.map { $0["username"].string } == ["mary"])
            let told = try await api.get("/api/qwinkle/v1/notifications", token: abe.token).json.array
            #expect(told.first?["kind"].string == "follow_requested" && told.first?["summary"].string == "@mary asks to follow you", "\(told)")

            let approved = try await api.request(.post, "/api/qwinkle/v1/follow_requests/mary/approve", token: abe.token)
            #expect(approved.status == .ok && approved.json["followed_by"].bool == true && approved.json["requested_by"].bool == false)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(friends)", token: mary.token).status == .ok)
            #expect(try await api.get("/api/qwinkle/v1/follow_requests", token: abe.token).json.array.isEmpty)
            #expect(try await api.request(.post, "/api/qwinkle/v1/follow_requests/mary/approve", token: abe.token).status == .notFound)
        }
    }

    @Test("A refused or withdrawn request leaves nothing; unlocking approves everyone who was waiting")
    func refuseWithdrawUnlock() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let tad = try await api.signUp("tad")
            let eve = try await api.signUp("eve")
            _ = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: #"{"locked": true}"#)
            for user in [mary, tad, eve] {
                _ = try await api.request(.post, "/api/qwinkle/v1/accounts/abe/follow", token: user.token)
            }
            let refused = try await api.request(.post, "/api/qwinkle/v1/follow_requests/mary/refuse", token: abe.token)
            #expect(refused.json["requested_by"].bool == false && refused.json["followed_by"].bool == false)
            let withdrawn = try await api.request(.delete, "/api/qwinkle/v1/accounts/abe/follow", token: tad.token)
            #expect(withdrawn.json["requested"].bool == false)
            #expect(try await api.get("/api/qwinkle/v1/follow_requests", token: abe.token).json.array.map { $0["username"].string } == ["eve"])

            _ = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: #"{"locked": false}"#)
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/followers", token: abe.token).json.array.map { $0["username"].string } == ["eve"])
            let open = try await api.request(.post, "/api/qwinkle/v1/accounts/abe/follow", token: mary.token)
            #expect(open.json["following"].bool == true, "an open account is followed at once")
        }
    }
}
