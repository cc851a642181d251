import CryptoExtras
import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleKit
import QwinkleStorage
import QwinkleTestSupport
import Synchronization
import Testing

/// What a security probe of federation found, each tried as an attacker would against a running server: a key that
/// is not the actor's, an activity ID of another server's, a signature made for another host, and lookups that make
/// the server contact another for nothing that leaves it.
@Suite("Federation: what a probe of the front door found stays closed", .serialized)
struct FederationProbeTests {
    /// A Follow of abe by the fake server's zed, with the ID `id`.
    static func follow(by remote: FakeRemoteServer, id: String) -> String {
        #"{"id":"\#(id)","type":"Follow","actor":"\#(remote.actor)","object":"https://qwinkle.example/people/abe"}"#
    }

    /// The actors following abe from elsewhere.
    static func remoteFollowers(of abe: User, on server: TestServer) async throws -> [String] {
        let id = Account.ID(integer: try #require(Int64(abe.id)))
        return try await server.withStorage { storage in try await storage.remoteFollowers(of: id) }.map(\.actorURL)
    }

    @Test("A key is the actor's only if the actor's own document lists it: a document elsewhere on its server naming it owner is not")
    func keyNotListedByItsOwner() async throws {
        try await FederationTestBed.run { remote, server, api in
            let abe = try await api.signUp("abe")
            let forger = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            let pem = forger.publicKey.pemRepresentation
            // Two documents anyone able to upload a file to zed's server could put there: a key that names zed its
            // owner, and an actor-like document listing that key for zed.
            remote.files.withLock {
                $0["key.json"] = try? String(decoding: JSONSerialization.data(withJSONObject: [
                    "id": remote.base + "/files/key.json", "type": "Key", "owner": remote.actor, "publicKeyPem": pem,
                ]), as: UTF8.self)
                $0["actor.json"] = try? String(decoding: JSONSerialization.data(withJSONObject: [
                    "id": remote.base + "/files/actor.json", "type": "Person",
                    "publicKey": ["id": remote.base + "/files/actor.json#main-key", "owner": remote.actor, "publicKeyPem": pem],
                ]), as: UTF8.self)
            }
            for keyID in [remote.base + "/files/key.json", remote.base + "/files/actor.json#main-key"] {
                let follow = Self.follow(by: remote, id: remote.actor + "/follows/forged")
                let path = "/people/abe/inbox"
                let answer = try await api.request(
                    .post, path, body: Array(follow.utf8), contentType: "application/activity+json",
                    headers: try remote.signedHeaders(for: follow, path: path, keyID: keyID, key: forger)
                )
                #expect(answer.status == .unauthorized, "\(keyID)")
                #expect(answer.json["error"]["code"].string == "signature_refused", "\(keyID)")
            }
            #expect(try await Self.remoteFollowers(of: abe, on: server).isEmpty)
            // zed's own key, listed by zed's actor, is taken.
            try await FederationFollowTests.zedFollowsAbe(remote, api: api)
            #expect(try await Self.remoteFollowers(of: abe, on: server) == [remote.actor])
        }
    }

    @Test("An activity whose ID is on another server is refused, so that server's own activity of that ID is still taken")
    func activityIDsBelongToTheirServer() async throws {
        try await FakeRemoteServer.run { other in
            try await FederationTestBed.run { remote, server, api in
                let abe = try await api.signUp("abe")
                let theirID = other.actor + "/follows/1"
                // zed's server sends, first, an activity under the ID of one of the other server's.
                let squatted = try await FederationFollowTests.deliver(Self.follow(by: remote, id: theirID), from: remote, api: api)
                #expect(squatted.status == .badRequest)
                #expect(squatted.json["error"]["code"].string == "invalid_activity")
                #expect(try await Self.remoteFollowers(of: abe, on: server).isEmpty)
                // The other server's own activity of that ID is acted on, not ignored as one seen before.
                #expect(try await FederationFollowTests.deliver(Self.follow(by: other, id: theirID), from: other, api: api).status == .accepted)
                #expect(try await Self.remoteFollowers(of: abe, on: server) == [other.actor])
            }
        }
    }

    @Test("A signature made for another host is refused: a delivery replayed here, and a follower's fetch of a followers-only note")
    func signaturesAreBoundToThisHost() async throws {
        try await FederationTestBed.run { remote, server, api in
            let abe = try await api.signUp("abe")
            let close = try #require(try await api.post("For followers only", as: abe, visibility: "followers")["id"].string)
            // A Follow signed for another server, sent here.
            let follow = Self.follow(by: remote, id: remote.actor + "/follows/1")
            let path = "/people/abe/inbox"
            let elsewhere = try await api.request(
                .post, path, body: Array(follow.utf8), contentType: "application/activity+json",
                headers: try remote.signedHeaders(for: follow, path: path, host: "evil.example")
            )
            #expect(elsewhere.status == .unauthorized)
            #expect(elsewhere.json["error"]["message"].string == SignatureProblem.wrongHost.description)
            #expect(try await Self.remoteFollowers(of: abe, on: server).isEmpty)

            // A follower's fetch, signed for another host, gets nothing; signed for this one, the note.
            try await FederationFollowTests.zedFollowsAbe(remote, api: api)
            let note = "/entries/\(close)"
            #expect(try await api.request(.get, note, headers: try remote.signedFetchHeaders(path: note, host: "evil.example")).status == .notFound)
            #expect(try await api.request(.get, note, headers: try remote.signedFetchHeaders(path: note)).status == .ok)
            // Another case and the default port name the same host.
            #expect(try await api.request(.get, note, headers: try remote.signedFetchHeaders(path: note, host: "QWINKLE.example:443")).status == .ok)
        }
    }

    @Test("Nobody who is not signed in makes the server look a handle up elsewhere; Mastodon's search does only with resolve=true")
    func searchLooksUpOnlyWhenAsked() async throws {
        try await FederationTestBed.run { remote, _, api in
            _ = try await api.signUp("abe")
            let host = String(remote.base.dropFirst("http://".count))
            let query = "%40zed%40" + host.replacingOccurrences(of: ":", with: "%3A")
            let anonymous = try await api.get("/api/v2/search?q=\(query)")
            #expect(anonymous.status == .ok)
            #expect(anonymous.json["accounts"].array.isEmpty)
            let refused = try await api.get("/api/v2/search?q=\(query)&resolve=true")
            #expect(refused.status == .unauthorized)
            #expect(refused.json["error"].string?.isEmpty == false)
            #expect(try await api.get("/api/qwinkle/v1/search?q=\(query)&type=accounts").json["accounts"].array.isEmpty)
            #expect(remote.fetchedPaths.isEmpty, "looked up for nobody: \(remote.fetchedPaths)")

            let app = try await MastodonAppSession.register(api)
            let token = try await app.token(for: "abe")
            #expect(try await api.get("/api/v2/search?q=\(query)", token: token).json["accounts"].array.isEmpty)
            #expect(try await api.get("/api/v1/accounts/search?q=\(query)", token: token).json.array.isEmpty)
            #expect(remote.fetchedPaths.isEmpty, "looked up without resolve=true: \(remote.fetchedPaths)")

            let found = try await api.get("/api/v2/search?q=\(query)&resolve=true", token: token)
            #expect(found.json["accounts"][0]["acct"].string == "zed@\(host)", "\(found.json)")
            #expect(remote.fetchedPaths.contains("/.well-known/webfinger"))
        }
    }

    @Test("A mention in a journal or author-only entry never makes the server look the handle up; in a public one it does")
    func mentionsInWhatNeverLeaves() async throws {
        try await FederationTestBed.run { remote, _, api in
            let abe = try await api.signUp("abe")
            let host = String(remote.base.dropFirst("http://".count))
            let journal = try await api.post("Dear diary, @zed@\(host) was rude", as: abe, visibility: "journal", kind: "journal")
            let mine = try await api.post("Note to self: write to @zed@\(host)", as: abe, visibility: "private")
            #expect(journal["mentions"].array.isEmpty)
            #expect(mine["mentions"].array.isEmpty)
            #expect(remote.fetchedPaths.isEmpty, "\(remote.fetchedPaths)")
            let open = try await api.post("Hello @zed@\(host)", as: abe)
            #expect(open["mentions"][0]["username"].string == "zed", "\(open)")
            #expect(remote.fetchedPaths.contains("/.well-known/webfinger"))
        }
    }
}
