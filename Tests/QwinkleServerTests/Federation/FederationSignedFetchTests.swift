import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleTestSupport
import Testing

/// A followers-only entry is given to a fetch signed by one of its author's followers on another server, and to
/// nobody else: unsigned, signed by someone who does not follow, or once the follow is undone, it answers as an
/// entry that never existed. A journal entry answers so to everyone.
@Suite("Federation: followers-only notes for followers' signed fetches")
struct FederationSignedFetchTests {
    @Test("A follower's signed fetch gets a followers-only note; an unsigned one, a stranger's or a former follower's gets 404")
    func signedFetch() async throws {
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(federation: .on(FederationRemoteNotesTests.origin, allowsPrivateAddresses: true)) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    let close = try #require(try await api.post("For followers only", as: abe, visibility: "followers")["id"].string)
                    let journal = try #require(try await api.post("Dear diary", as: abe, visibility: "journal", kind: "journal")["id"].string)
                    let fetch: (String, Bool) async throws -> APIResponse = { id, signed in
                        let path = "/entries/\(id)"
                        let headers: HTTPFields = signed ? try remote.signedFetchHeaders(path: path) : [.accept: "application/activity+json"]
                        return try await api.request(.get, path, headers: headers)
                    }
                    let missing = try await fetch("999999", true)
                    #expect(missing.status == .notFound)
                    // Before zed follows abe: nothing, signed or not.
                    #expect(try await fetch(close, false).status == .notFound)
                    let hidden = try await fetch(close, true)
                    #expect(hidden.status == .notFound)
                    #expect(hidden.json["error"]["message"].string == missing.json["error"]["message"].string?.replacingOccurrences(of: "999999", with: close))

                    let follow = #"{"id":"\#(remote.actor)/follows/1","type":"Follow","actor":"\#(remote.actor)","object":"https://qwinkle.example/people/abe"}"#
                    #expect(try await FederationFollowTests.deliver(follow, from: remote, api: api).status == .accepted)
                    let note = try await fetch(close, true)
                    #expect(note.status == .ok)
                    #expect(note.json["content"].string == "<p>For followers only</p>")
                    #expect(note.json["to"].array == [.string("https://qwinkle.example/people/abe/followers")])
                    #expect(note.headers[.cacheControl] == "private, no-store")
                    #expect(try await fetch(close, false).status == .notFound, "unsigned, still nothing")
                    #expect(try await fetch(journal, true).status == .notFound, "a journal entry, never")

                    let undo = #"{"id":"\#(remote.actor)/follows/1/undo","type":"Undo","actor":"\#(remote.actor)","object":\#(follow)}"#
                    #expect(try await FederationFollowTests.deliver(undo, from: remote, api: api).status == .accepted)
                    #expect(try await fetch(close, true).status == .notFound, "a former follower gets nothing")
                }
            }
        }
    }
}
