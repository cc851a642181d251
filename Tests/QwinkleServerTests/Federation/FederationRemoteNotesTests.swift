import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleKit
import QwinkleStorage
import QwinkleTestSupport
import Testing

/// People here follow a person of another server, find them by handle, read their notes in home timelines as plain
/// text, mark them and stop following; what that server sends is kept only when it is its own to send and someone
/// here wants it.
@Suite("Federation: following people of another server", .serialized)
struct FederationRemoteNotesTests {
    static let origin = FederationOrigin("https://qwinkle.example")!

    /// A Create of a note by zed, addressed as `to` says.
    static func create(_ remote: FakeRemoteServer, id: String, content: String, to: String = "https://www.w3.org/ns/activitystreams#Public", extra: String = "") -> String {
        #"""
        {"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/statuses/\#(id)/activity","type":"Create","actor":"\#(remote.actor)",
        "to":["\#(to)"],"object":{"id":"\#(remote.actor)/statuses/\#(id)","type":"Note","attributedTo":"\#(remote.actor)",
        "content":\#(APIClient.quoted(content)),"to":["\#(to)"],"cc":["\#(remote.actor)/followers"],"published":"2026-11-27T10:00:00Z"\#(extra)}}
        """#
    }

    /// The bodies in abe's home timeline.
    static func home(_ api: APIClient, _ user: User) async throws -> [String] {
        try await api.get("/api/qwinkle/v1/timelines/home", token: user.token).json.array.compactMap { $0["body"].string }
    }

    @Test("Found by handle and followed with a signed Follow; their notes, as plain text, reach followers' home timelines once; unfollowing sends an Undo")
    func followSomeoneElsewhere() async throws {
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(federation: .on(Self.origin, allowsPrivateAddresses: true)) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    let cal = try await api.signUp("cal")
                    let handle = "zed@" + remote.base.dropFirst("http://".count)

                    // Before anyone here follows zed, their notes are set aside.
                    let early = Self.create(remote, id: "0", content: "<p>Nobody asked</p>")
                    #expect(try await FederationFollowTests.deliver(early, to: "/inbox", from: remote, api: api).status == .accepted)
                    #expect(try await api.get("/api/qwinkle/v1/timelines/public").json.array.isEmpty)
                    #expect(try await server.withStorage { try await $0.remoteAccount(actorURL: remote.actor) } == nil, "nor is zed kept")

                    let followed = try await api.request(.post, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token)
                    #expect(followed.status == .ok, "\(followed.json)")
                    #expect(followed.json["account"]["username"].string == handle)
                    let sent = try await remote.waitForInbox(count: 1)
                    try #require(sent.count == 1)
                    #expect(sent[0].path == "/users/zed/inbox")
                    #expect(sent[0].json["type"].string == "Follow")
                    #expect(sent[0].json["actor"].string == "https://qwinkle.example/people/abe")
                    #expect(sent[0].json["object"].string == remote.actor)
                    #expect(sent[0].headers.contains { $0.name == "signature" })
                    // Nobody signs in as a person of another server.
                    let login = try await api.request(.post, "/api/qwinkle/v1/sessions", json: #"{"username": "\#(handle)", "password": ""}"#)
                    #expect(login.status.code >= 400 && login.status.code < 500)
                    #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/nobody@\(remote.base.dropFirst(7))/follow", token: abe.token).status == .notFound)

                    let html = #"<p>Hello <b>there</b> &amp; <a href="https://far.example/x">welcome</a><script>alert(1)</script></p><p>Second&#39;s line<br>third</p>"#
                    let note = Self.create(remote, id: "1", content: html)
                    #expect(try await FederationFollowTests.deliver(note, to: "/inbox", from: remote, api: api).status == .accepted)
                    // A link's address follows its text, which does not say it: a text reader still has it.
                    #expect(try await Self.home(api, abe) == ["Hello there & welcome (https://far.example/x)\n\nSecond's line\nthird"])
                    #expect(try await Self.home(api, cal).isEmpty, "only those who follow zed have it at home")
                    // Delivered again, under the same activity or another one: one entry.
                    #expect(try await FederationFollowTests.deliver(note, to: "/inbox", from: remote, api: api).status == .accepted)
                    let again = note.replacingOccurrences(of: "/statuses/1/activity", with: "/statuses/1/activity-again")
                    #expect(try await FederationFollowTests.deliver(again, to: "/inbox", from: remote, api: api).status == .accepted)
                    #expect(try await Self.home(api, abe).count == 1)

                    // A note to named people alone is not kept; one in someone else's name is refused.
                    let direct = Self.create(remote, id: "2", content: "Just for you", to: "https://qwinkle.example/people/abe")
                    #expect(try await FederationFollowTests.deliver(direct.replacingOccurrences(of: "\(remote.actor)/followers", with: ""), to: "/inbox", from: remote, api: api).status == .accepted)
                    let forged = Self.create(remote, id: "3", content: "Not mine").replacingOccurrences(
                        of: #""attributedTo":"\#(remote.actor)""#, with: #""attributedTo":"https://qwinkle.example/people/cal""#
                    )
                    #expect(try await FederationFollowTests.deliver(forged, to: "/inbox", from: remote, api: api).status == .unprocessableContent)
                    #expect(try await Self.home(api, abe).count == 1)

                    // Their edit is a new revision; their deletion takes it away.
                    let update = Self.create(remote, id: "1", content: "<p>Edited</p>").replacingOccurrences(of: #""type":"Create""#, with: #""type":"Update""#)
                        .replacingOccurrences(of: "/statuses/1/activity", with: "/statuses/1/update-1")
                    #expect(try await FederationFollowTests.deliver(update, to: "/inbox", from: remote, api: api).status == .accepted)
                    let shown = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json[0]
                    #expect(shown["body"].string == "Edited" && shown["revision"].int == 2)

                    // abe marks it: a Like goes to zed's server; the mark taken off, an Undo.
                    let entryID = try #require(shown["id"].string)
                    #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entryID)/mark", token: abe.token).status == .ok)
                    let liked = try await remote.waitForInbox(count: 2)
                    #expect(liked.last?.json["type"].string == "Like")
                    #expect(liked.last?.json["object"].string == remote.actor + "/statuses/1")
                    #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(entryID)/mark", token: abe.token).status == .ok)
                    let unliked = try await remote.waitForInbox(count: 3)
                    #expect(unliked.last?.json["type"].string == "Undo" && unliked.last?.json["object"]["type"].string == "Like")

                    // abe shares it: an Announce goes to zed's server, as its author's; taken back, the Undo names it.
                    #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entryID)/share", token: abe.token).status == .ok)
                    let announced = try #require(try await remote.waitForInbox(count: 4).last?.json)
                    #expect(announced["type"].string == "Announce" && announced["object"].string == remote.actor + "/statuses/1")
                    #expect(announced["actor"].string == "https://qwinkle.example/people/abe")
                    #expect(announced["to"][0].string == "https://www.w3.org/ns/activitystreams#Public")
                    #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(entryID)/share", token: abe.token).status == .ok)
                    let unannounced = try #require(try await remote.waitForInbox(count: 5).last?.json)
                    #expect(unannounced["type"].string == "Undo" && unannounced["object"]["type"].string == "Announce")
                    #expect(unannounced["object"]["id"].string == announced["id"].string)

                    let delete = #"{"id":"\#(remote.actor)/statuses/1#delete","type":"Delete","actor":"\#(remote.actor)","object":{"id":"\#(remote.actor)/statuses/1","type":"Tombstone"}}"#
                    #expect(try await FederationFollowTests.deliver(delete, to: "/inbox", from: remote, api: api).status == .accepted)
                    #expect(try await Self.home(api, abe).isEmpty)

                    let unfollowed = try await api.request(.delete, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token)
                    #expect(unfollowed.json["following"].bool == false)
                    let undone = try await remote.waitForInbox(count: 6)
                    #expect(undone.last?.json["type"].string == "Undo")
                    #expect(undone.last?.json["object"]["id"].string == sent[0].json["id"].string, "the Undo names the Follow it ends")
                    let late = Self.create(remote, id: "4", content: "<p>After the unfollow</p>")
                    #expect(try await FederationFollowTests.deliver(late, to: "/inbox", from: remote, api: api).status == .accepted)
                    #expect(try await Self.home(api, abe).isEmpty)
                }
            }
        }
    }

    @Test("Their replies join threads and tell the author; their marks count only on what they may read")
    func repliesAndMarks() async throws {
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(federation: .on(Self.origin, allowsPrivateAddresses: true)) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    let shared = try #require(try await api.post("Anyone there?", as: abe)["id"].string)
                    let close = try #require(try await api.post("Only followers", as: abe, visibility: "followers")["id"].string)
                    let journal = try #require(try await api.post("Dear diary", as: abe, visibility: "journal", kind: "journal")["id"].string)

                    // Nobody here follows zed, but a reply to abe's public entry is for abe.
                    let reply = Self.create(remote, id: "10", content: "<p>Hello abe</p>", extra: #","inReplyTo":"https://qwinkle.example/entries/\#(shared)""#)
                    #expect(try await FederationFollowTests.deliver(reply, to: "/inbox", from: remote, api: api).status == .accepted)
                    let thread = try await api.get("/api/qwinkle/v1/entries/\(shared)/context", token: abe.token)
                    #expect("\(thread.json)".contains("Hello abe"))
                    // Into a journal's thread nobody elsewhere answers.
                    let intoJournal = Self.create(remote, id: "11", content: "<p>Peeking</p>", extra: #","inReplyTo":"https://qwinkle.example/entries/\#(journal)""#)
                    #expect(try await FederationFollowTests.deliver(intoJournal, to: "/inbox", from: remote, api: api).status == .accepted)
                    #expect(!"\(try await api.get("/api/qwinkle/v1/entries/\(journal)/context", token: abe.token).json)".contains("Peeking"))

                    // A Like of a public entry is a mark; of one zed may not read, nothing.
                    for (id, entry) in [("like-1", shared), ("like-2", close), ("like-3", journal)] {
                        let like = #"{"id":"\#(remote.actor)/\#(id)","type":"Like","actor":"\#(remote.actor)","object":"https://qwinkle.example/entries/\#(entry)"}"#
                        #expect(try await FederationFollowTests.deliver(like, to: "/inbox", from: remote, api: api).status == .accepted)
                    }
                    let notifications = "\(try await api.get("/api/qwinkle/v1/notifications", token: abe.token).json)"
                    #expect(notifications.contains("replied") && notifications.contains("marked"))
                    let markers = try await api.get("/api/qwinkle/v1/entries/\(shared)", token: abe.token).json
                    #expect(markers["id"].string == shared)
                    #expect(try await api.get("/api/qwinkle/v1/marks", token: abe.token).json.array.isEmpty, "abe marked nothing")
                    let closeMarks = try await server.withStorage { storage in
                        try await storage.markers(of: Entry.ID(integer: Int64(close) ?? 0), page: .init(limit: 10)).count
                    }
                    let sharedMarks = try await server.withStorage { storage in
                        try await storage.markers(of: Entry.ID(integer: Int64(shared) ?? 0), page: .init(limit: 10)).count
                    }
                    #expect(closeMarks == 0 && sharedMarks == 1)
                }
            }
        }
    }

    @Test("A note from elsewhere tells those it names as a local entry would: only those the policy lets read it")
    func mentionsTellOnlyReaders() async throws {
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(federation: .on(Self.origin, allowsPrivateAddresses: true)) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    let cal = try await api.signUp("cal")
                    let handle = "zed@" + remote.base.dropFirst("http://".count)
                    #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token).status == .ok)
                    _ = try await remote.waitForInbox(count: 1)
                    let tags = #","tag":[{"type":"Mention","href":"https://qwinkle.example/people/abe"},{"type":"Mention","href":"https://qwinkle.example/people/cal"}]"#
                    // For zed's followers: abe follows zed and reads it; cal does not, and is told nothing of it.
                    let close = Self.create(remote, id: "20", content: "<p>@abe @cal psst</p>", to: remote.actor + "/followers", extra: tags)
                    #expect(try await FederationFollowTests.deliver(close, to: "/inbox", from: remote, api: api).status == .accepted)
                    let kinds = { (user: User) in
                        try await api.get("/api/qwinkle/v1/notifications", token: user.token).json.array.map { $0["kind"].string ?? "" }
                    }
                    #expect(try await kinds(abe) == ["mentioned"])
                    #expect(try await kinds(cal).isEmpty)
                    // A public one is for anyone it names.
                    let open = Self.create(remote, id: "21", content: "<p>@abe @cal hello</p>", extra: tags)
                    #expect(try await FederationFollowTests.deliver(open, to: "/inbox", from: remote, api: api).status == .accepted)
                    #expect(try await kinds(cal) == ["mentioned"])
                }
            }
        }
    }
}
