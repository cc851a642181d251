import CryptoExtras
import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleTestSupport
import Testing

/// A person on another server follows one of Qwinkle's: the follow is accepted with a signed Accept, their public
/// and followers-only entries, edits and deletions follow them there, signed by the author, and nothing else ever
/// leaves the server. Undoing the follow stops it.
@Suite("Federation: followed from another server", .serialized)
struct FederationFollowTests {
    static let origin = FederationOrigin("https://qwinkle.example")!

    /// Delivers `activity` to `path` signed as the fake server's actor.
    static func deliver(_ activity: String, to path: String = "/people/abe/inbox", from remote: FakeRemoteServer, api: APIClient) async throws -> APIResponse {
        try await api.request(
            .post, path, body: Array(activity.utf8), contentType: "application/activity+json",
            headers: try remote.signedHeaders(for: activity, path: path)
        )
    }

    /// The fake server's zed follows abe: the Follow is taken, and its Accept arrives.
    static func zedFollowsAbe(_ remote: FakeRemoteServer, api: APIClient, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let follow = #"{"id":"\#(remote.actor)/follows/1","type":"Follow","actor":"\#(remote.actor)","object":"https://qwinkle.example/people/abe"}"#
        #expect(try await deliver(follow, from: remote, api: api).status == .accepted, sourceLocation: sourceLocation)
        #expect(try await remote.waitForInbox(count: 1).count == 1, "the Accept", sourceLocation: sourceLocation)
    }

    /// Checks that a request Qwinkle sent is signed by abe's key over its target, host, date, digest and type, and
    /// that its digest is its body's.
    static func expectSigned(_ request: FakeRemoteServer.Received, by key: ActorPublicKey, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let header = try #require(request.headers.first { $0.name == "signature" }?.value, sourceLocation: sourceLocation)
        let signature = try #require(HTTPSignature(header: header), sourceLocation: sourceLocation)
        #expect(signature.keyID == "https://qwinkle.example/people/abe#main-key", sourceLocation: sourceLocation)
        #expect(Set(["(request-target)", "host", "date", "digest"]).isSubset(of: signature.headers), sourceLocation: sourceLocation)
        let signed = SignedRequest(method: "POST", target: request.path, headers: request.headers)
        #expect(key.verifies(signature, of: signed), sourceLocation: sourceLocation)
        let digest = try #require(request.headers.first { $0.name == "digest" }?.value, sourceLocation: sourceLocation)
        #expect(BodyDigest.matches(digest, body: request.body), sourceLocation: sourceLocation)
    }

    @Test("Deleting an account sends its followers' server a Delete of its actor, signed by the key it had, once it is gone")
    func deletedAccountSaysFarewell() async throws {
        try await FederationTestBed.run { remote, server, api in
            let abe = try await api.signUp("abe")
            let cal = try await api.signUp("cal")
            try await Self.zedFollowsAbe(remote, api: api)
            let abeID = Account.ID(integer: try #require(Int64(abe.id)))
            let keys = try #require(try await server.withStorage { storage in try await storage.actorKeys(of: abeID) })

            // cal is known to no other server: deleting cal sends nothing.
            let calGone = try await api.request(.post, "/api/qwinkle/v1/accounts/me/deletion", token: cal.token, json: #"{"password":"correct horse"}"#)
            #expect(calGone.status.code < 300, "\(calGone.json)")
            let gone = try await api.request(.post, "/api/qwinkle/v1/accounts/me/deletion", token: abe.token, json: #"{"password":"correct horse"}"#)
            #expect(gone.status.code < 300, "\(gone.json)")
            let received = try await remote.waitForInbox(count: 2)
            try #require(received.count == 2)
            let farewell = received[1]
            #expect(farewell.json["type"].string == "Delete")
            #expect(farewell.json["actor"].string == "https://qwinkle.example/people/abe")
            #expect(farewell.json["object"].string == "https://qwinkle.example/people/abe")
            try Self.expectSigned(farewell, by: try ActorPublicKey(pem: keys.publicKeyPEM))
            #expect(try await server.withStorage { try await $0.actorKeys(of: abeID) } == nil, "the key is gone with the account")
            await server.work.deliveriesSettled()
            #expect(remote.inboxRequests.count == 2, "sent once")
            #expect(try await server.withStorage { try await $0.queuedDeliveryCount() } == 0)
        }
    }

    @Test("A remote follow is accepted; public and followers-only entries, edits and deletions are delivered signed; nothing else leaves; undo stops it")
    func followedFromElsewhere() async throws {
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(federation: .on(Self.origin, allowsPrivateAddresses: true)) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    let abeURL = "https://qwinkle.example/people/abe"
                    let follow = #"{"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/follows/1","type":"Follow","actor":"\#(remote.actor)","object":"\#(abeURL)"}"#
                    #expect(try await Self.deliver(follow, from: remote, api: api).status == .accepted)

                    // The Accept goes to the follower's own inbox, signed by abe, naming the follow.
                    let accepted = try await remote.waitForInbox(count: 1)
                    try #require(accepted.count == 1)
                    let abeID = Account.ID(integer: try #require(Int64(abe.id)))
                    let keys = try #require(try await server.withStorage { storage in try await storage.actorKeys(of: abeID) })
                    let abeKey = try ActorPublicKey(pem: keys.publicKeyPEM)
                    try Self.expectSigned(accepted[0], by: abeKey)
                    #expect(accepted[0].path == "/users/zed/inbox")
                    #expect(accepted[0].json["type"].string == "Accept")
                    #expect(accepted[0].json["actor"].string == abeURL)
                    #expect(accepted[0].json["object"]["id"].string == remote.actor + "/follows/1")
                    #expect(try await api.request(.get, "/people/abe/followers", headers: [.accept: "application/activity+json"]).json["totalItems"].int == 1)
                    // A follower elsewhere and one here are both followers: ActivityPub's collection and the Mastodon
                    // API's count agree.
                    let cal = try await api.signUp("cal")
                    #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/abe/follow", token: cal.token).status == .ok)
                    #expect(try await api.request(.get, "/people/abe/followers", headers: [.accept: "application/activity+json"]).json["totalItems"].int == 2)
                    #expect(try await api.request(.get, "/api/v1/accounts/lookup?acct=abe").json["followers_count"].int == 2)

                    // The same Follow delivered again (a retry after a lost answer) is taken and acts once.
                    #expect(try await Self.deliver(follow, from: remote, api: api).status == .accepted)

                    // What never leaves the server, each with a word of its own: a journal entry, an author-only
                    // entry, a draft, an entry scheduled for later, and a private message.
                    _ = try await api.signUp("mary")
                    try await api.post("canary-journal-word", as: abe, visibility: "journal", kind: "journal")
                    try await api.post("canary-private-word", as: abe, visibility: "private")
                    let draft = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "update", "body": "canary-draft-word", "visibility": "public"}"#)
                    #expect(draft.status == .created)
                    #expect(try await api.schedule("canary-scheduled-word", as: abe, at: Date().addingTimeInterval(3_600)).status == .accepted)
                    let message = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["mary"], "body": "canary-message-word"}"#)
                    #expect(message.status == .created)
                    let shared = try #require(try await api.post("Hello from #qwinkle", as: abe, visibility: "public")["id"].string)
                    let forFollowers = try #require(try await api.post("Only for followers", as: abe, visibility: "followers")["id"].string)

                    let created = try await remote.waitForInbox(count: 3)
                    try #require(created.count == 3)
                    for request in created[1...] {
                        try Self.expectSigned(request, by: abeKey)
                        #expect(request.path == "/inbox", "the shared inbox")
                        #expect(request.json["type"].string == "Create")
                    }
                    let publicNote = created[1].json["object"]
                    #expect(publicNote["id"].string == "https://qwinkle.example/entries/\(shared)")
                    #expect(publicNote["to"].array.compactMap(\.string) == ["https://www.w3.org/ns/activitystreams#Public"])
                    #expect(publicNote["content"].string?.contains("Hello from") == true)
                    let followersNote = created[2].json["object"]
                    #expect(followersNote["id"].string == "https://qwinkle.example/entries/\(forFollowers)")
                    #expect(followersNote["to"].array.compactMap(\.string) == [abeURL + "/followers"])
                    #expect(!created[2].text.contains("activitystreams#Public"))

                    // An edit is an Update; narrowing to the author alone and deleting are Deletes.
                    let edited = try await api.request(.put, "/api/qwinkle/v1/entries/\(shared)", token: abe.token, json: """
                        {"base_revision": 1, "kind": "update", "body": "Hello again from #qwinkle", "visibility": "public"}
                        """)
                    #expect(edited.status == .ok)
                    let narrowed = try await api.request(.put, "/api/qwinkle/v1/entries/\(forFollowers)", token: abe.token, json: """
                        {"base_revision": 1, "kind": "update", "body": "canary-narrowed-word", "visibility": "private"}
                        """)
                    #expect(narrowed.status == .ok)
                    #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(shared)", token: abe.token).status == .noContent)
                    let changed = try await remote.waitForInbox(count: 6)
                    try #require(changed.count == 6)
                    #expect(changed[3].json["type"].string == "Update")
                    #expect(changed[3].json["object"]["content"].string?.contains("Hello again") == true)
                    #expect(changed[4].json["type"].string == "Delete")
                    #expect(changed[4].json["object"]["id"].string == "https://qwinkle.example/entries/\(forFollowers)")
                    #expect(changed[5].json["type"].string == "Delete")
                    #expect(changed[5].json["object"]["id"].string == "https://qwinkle.example/entries/\(shared)")
                    for request in changed { try Self.expectSigned(request, by: abeKey) }

                    // Undo: the follow ends, and what abe posts next stays home.
                    let undo = #"{"id":"\#(remote.actor)/follows/1/undo","type":"Undo","actor":"\#(remote.actor)","object":\#(follow)}"#
                    #expect(try await Self.deliver(undo, from: remote, api: api).status == .accepted)
                    try await api.post("After the undo", as: abe, visibility: "public")
                    await server.work.deliveriesSettled()
                    #expect(remote.inboxRequests.count == 6)
                    #expect(try await server.withStorage { storage in try await storage.queuedDeliveryCount() } == 0)
                    for request in remote.inboxRequests {
                        #expect(!request.text.contains("canary"), "\(request.text)")
                    }
                }
            }
        }
    }

    @Test("A Follow of an account that does not exist, or of another account through this one's inbox, changes nothing; a deleted actor follows nobody")
    func wrongFollows() async throws {
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(federation: .on(Self.origin, allowsPrivateAddresses: true)) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    _ = try await api.signUp("mary")
                    let ofNobody = #"{"id":"\#(remote.actor)/follows/2","type":"Follow","actor":"\#(remote.actor)","object":"https://qwinkle.example/people/nobody"}"#
                    #expect(try await Self.deliver(ofNobody, to: "/inbox", from: remote, api: api).status == .notFound)
                    let ofMary = #"{"id":"\#(remote.actor)/follows/3","type":"Follow","actor":"\#(remote.actor)","object":"https://qwinkle.example/people/mary"}"#
                    #expect(try await Self.deliver(ofMary, from: remote, api: api).status == .unprocessableContent)
                    // A follow that is taken, then the follower's actor deleted on its server: it follows nobody here.
                    let ofAbe = #"{"id":"\#(remote.actor)/follows/4","type":"Follow","actor":"\#(remote.actor)","object":"https://qwinkle.example/people/abe"}"#
                    #expect(try await Self.deliver(ofAbe, from: remote, api: api).status == .accepted)
                    let abeID = Account.ID(integer: try #require(Int64(abe.id)))
                    #expect(try await server.withStorage { storage in try await storage.remoteFollowers(of: abeID) }.count == 1)
                    let deleted = #"{"id":"\#(remote.actor)#delete","type":"Delete","actor":"\#(remote.actor)","object":"\#(remote.actor)"}"#
                    #expect(try await Self.deliver(deleted, to: "/inbox", from: remote, api: api).status == .accepted)
                    #expect(try await server.withStorage { storage in try await storage.remoteFollowers(of: abeID) }.isEmpty)
                    #expect(try await remote.waitForInbox(count: 1).count == 1, "abe's Accept alone")
                }
            }
        }
    }

    @Test("A blocked server's deliveries are refused, its follows end, and nothing is delivered to it")
    func blockedDomain() async throws {
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(federation: .on(Self.origin, allowsPrivateAddresses: true)) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    try await Self.zedFollowsAbe(remote, api: api)

                    #expect(try await server.withStorage { storage in try await storage.blockDomain("127.0.0.1", at: Date()) })
                    let again = #"{"id":"\#(remote.actor)/follows/2","type":"Follow","actor":"\#(remote.actor)","object":"https://qwinkle.example/people/abe"}"#
                    let refused = try await Self.deliver(again, from: remote, api: api)
                    #expect(refused.status == .forbidden)
                    #expect(refused.json["error"]["code"].string == "domain_blocked")
                    try await api.post("After the block", as: abe, visibility: "public")
                    await server.work.deliveriesSettled()
                    #expect(remote.inboxRequests.count == 1)
                    #expect(try await server.withStorage { storage in try await storage.remoteFollowers(of: Account.ID(integer: Int64(abe.id) ?? 0)) }.isEmpty)
                }
            }
        }
    }

    @Test("Each server's deliveries are counted once their signatures are checked; past the limit they are refused with 429")
    func inboxLimit() async throws {
        try await FakeRemoteServer.run { remote in
            var limits = RateLimits.off
            limits.inbox = RateLimit(limit: 3, period: 3_600)
            try await TestServer.withTemporaryData(rateLimits: limits, federation: .on(Self.origin, allowsPrivateAddresses: true)) { server in
                try await server.test { client in
                    let api = APIClient(client: client)
                    _ = try await api.signUp("abe")
                    for number in 1...3 {
                        let like = #"{"id":"\#(remote.actor)/likes/\#(number)","type":"Like","actor":"\#(remote.actor)","object":"https://qwinkle.example/entries/1"}"#
                        #expect(try await Self.deliver(like, to: "/inbox", from: remote, api: api).status == .accepted)
                    }
                    let like = #"{"id":"\#(remote.actor)/likes/4","type":"Like","actor":"\#(remote.actor)","object":"https://qwinkle.example/entries/1"}"#
                    let limited = try await Self.deliver(like, to: "/inbox", from: remote, api: api)
                    #expect(limited.status == .tooManyRequests)
                    #expect(limited.json["error"]["code"].string == "rate_limited")
                    #expect(limited.headers[.retryAfter] != nil)
                    // Unsigned or forged deliveries in its name are refused before they count against it.
                    let unsigned = try await api.request(.post, "/inbox", body: Array(like.utf8), contentType: "application/activity+json")
                    #expect(unsigned.status == .unauthorized)
                }
            }
        }
    }
}
