import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleKit
import QwinkleTestSupport
import Testing

/// Unlisted across servers, as Mastodon addresses it: `Public` only in `cc`. What arrives so is kept unlisted (read
/// by its link, in its author's followers' home, on no public or tag timeline of anyone else), and what is written
/// unlisted here leaves so.
@Suite("Federation: unlisted notes", .serialized)
struct FederationUnlistedTests {
    static let everyone = "https://www.w3.org/ns/activitystreams#Public"

    @Test("A note with Public only in cc is kept unlisted; an unlisted entry leaves addressed to followers, with Public in cc")
    func unlistedBothWays() async throws {
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(federation: .on(FederationFollowTests.origin, allowsPrivateAddresses: true)) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    let cal = try await api.signUp("cal")
                    let handle = "zed@" + remote.base.dropFirst("http://".count)
                    #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token).status == .ok)
                    _ = try await remote.waitForInbox(count: 1)

                    // Mastodon's unlisted: to the followers, Public in cc.
                    let note = FederationRemoteNotesTests.create(remote, id: "7", content: "<p>Quietly #garden</p>", to: remote.actor + "/followers")
                        .replacingOccurrences(of: #""cc":["\#(remote.actor)/followers"]"#, with: #""cc":["\#(Self.everyone)"]"#)
                    #expect(try await FederationFollowTests.deliver(note, to: "/inbox", from: remote, api: api).status == .accepted)
                    let home = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array
                    #expect(home.count == 1 && home.first?["visibility"].string == "unlisted", "\(home)")
                    let id = try #require(home.first?["id"].string)
                    for token in [abe.token, cal.token, nil] {
                        #expect(try await api.get("/api/qwinkle/v1/entries/\(id)", token: token).status == .ok, "anyone with its link reads it")
                        #expect(!(try await api.get("/api/qwinkle/v1/timelines/public", token: token).json.ids.contains(id)), "on nobody's public timeline")
                    }
                    #expect(try await api.get("/api/qwinkle/v1/timelines/tag/garden", token: abe.token).json.ids == [id], "its author's follower finds it by its tag")
                    #expect(try await api.get("/api/qwinkle/v1/timelines/tag/garden", token: cal.token).json.ids.isEmpty, "a stranger does not")
                    #expect(try await api.get("/api/v1/statuses/\(id)").json["visibility"].string == "unlisted")

                    // zed follows abe, and abe writes an unlisted entry.
                    let abeURL = "https://qwinkle.example/people/abe"
                    let follow = #"{"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/follows/1","type":"Follow","actor":"\#(remote.actor)","object":"\#(abeURL)"}"#
                    #expect(try await FederationFollowTests.deliver(follow, from: remote, api: api).status == .accepted)
                    _ = try await remote.waitForInbox(count: 2)
                    let quiet = try #require(try await api.post("Off the record", as: abe, visibility: "unlisted")["id"].string)
                    let created = try await remote.waitForInbox(count: 3)
                    let sent = try #require(created.last?.json)
                    #expect(sent["type"].string == "Create")
                    #expect(sent["object"]["id"].string == "https://qwinkle.example/entries/\(quiet)")
                    #expect(sent["object"]["to"].array.compactMap(\.string) == [abeURL + "/followers"])
                    #expect(sent["object"]["cc"].array.compactMap(\.string).contains(Self.everyone))
                }
            }
        }
    }
}
