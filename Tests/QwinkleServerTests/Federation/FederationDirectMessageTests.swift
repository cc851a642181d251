import Foundation
import HTTPTypes
import QwinkleServices
import QwinkleTestSupport
import Testing

/// A note addressed to named people alone (Mastodon's direct messages) arrives as a private message to those of them
/// who are here; a message from here to someone elsewhere leaves as such a note, for their own inbox alone. Nobody
/// else ever reads either.
@Suite("Federation: direct messages both ways")
struct FederationDirectMessageTests {
    /// A Create of a note from zed addressed to `to` alone.
    static func direct(_ remote: FakeRemoteServer, id: String, content: String, to: [String]) -> String {
        let addressed = to.map { #""\#($0)""# }.joined(separator: ",")
        return #"""
            {"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/statuses/\#(id)/activity","type":"Create",
            "actor":"\#(remote.actor)","to":[\#(addressed)],"cc":[],"object":{"id":"\#(remote.actor)/statuses/\#(id)","type":"Note",
            "attributedTo":"\#(remote.actor)","content":\#(APIClient.quoted(content)),"to":[\#(addressed)],"cc":[],
            "published":"2026-11-27T10:00:00Z"}}
            """#
    }

    /// The bodies of the messages of a user's conversations, newest conversation first.
    static func messages(_ api: APIClient, _ user: User) async throws -> [String] {
        var bodies: [String] = []
        for conversation in try await api.get("/api/qwinkle/v1/conversations", token: user.token).json.ids {
            bodies += try await api.get("/api/qwinkle/v1/conversations/\(conversation)/messages", token: user.token).json.array.compactMap { $0["body"].string }
        }
        return bodies
    }

    @Test("A direct note to someone here is a private message to them alone, once however often it is delivered; a blocked sender reaches nobody")
    func incoming() async throws {
        try await FederationTestBed.run { remote, _, api in
            let abe = try await api.signUp("abe")
            let cal = try await api.signUp("cal")
            let dee = try await api.signUp("dee")
            let toAbe = Self.direct(remote, id: "1", content: "<p><span class=\"h-card\"><a href=\"https://qwinkle.example/people/abe\">@abe</a></span> Lunch on Friday?</p>", to: ["https://qwinkle.example/people/abe"])
            #expect(try await FederationFollowTests.deliver(toAbe, to: "/inbox", from: remote, api: api).status == .accepted)
            #expect(try await FederationFollowTests.deliver(toAbe, to: "/inbox", from: remote, api: api).status == .accepted, "a retry")
            #expect(try await Self.messages(api, abe) == ["@abe Lunch on Friday?"])
            let conversations = try await api.get("/api/qwinkle/v1/conversations", token: abe.token).json
            #expect(conversations.array.count == 1)
            #expect(try await Self.messages(api, cal).isEmpty)
            // A message is no entry: in no timeline, nobody's search.
            #expect(try await api.get("/api/qwinkle/v1/timelines/public").json.array.isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array.isEmpty)
            let notifications = try await api.get("/api/qwinkle/v1/notifications", token: abe.token).json.array
            #expect(notifications.contains { $0["kind"].string == "message" }, "\(notifications)")

            // To two people here, one of whom blocks zed: a message to the other alone.
            let handle = "zed@" + remote.base.dropFirst("http://".count)
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/\(handle)/block", token: dee.token).status.code < 300)
            let toBoth = Self.direct(remote, id: "2", content: "<p>Both of you</p>", to: ["https://qwinkle.example/people/cal", "https://qwinkle.example/people/dee"])
            #expect(try await FederationFollowTests.deliver(toBoth, to: "/inbox", from: remote, api: api).status == .accepted)
            #expect(try await Self.messages(api, cal) == ["Both of you"])
            #expect(try await Self.messages(api, dee).isEmpty)
            let toDee = Self.direct(remote, id: "3", content: "<p>Only you</p>", to: ["https://qwinkle.example/people/dee"])
            #expect(try await FederationFollowTests.deliver(toDee, to: "/inbox", from: remote, api: api).status == .accepted)
            #expect(try await Self.messages(api, dee).isEmpty)
        }
    }

    @Test("A message to someone elsewhere leaves as a note addressed to them alone, signed, for their own inbox; its answer joins the conversation")
    func outgoing() async throws {
        try await FederationTestBed.run { remote, server, api in
            let abe = try await api.signUp("abe")
            let handle = "zed@" + remote.base.dropFirst("http://".count)
            let sent = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["@\#(handle)"], "body": "Hello <zed> & all"}"#)
            #expect(sent.status == .created, "\(sent.json)")
            let delivered = try #require(try await remote.waitForInbox(count: 1).first)
            #expect(delivered.path == "/users/zed/inbox", "zed's own inbox, not the shared one")
            let activity = delivered.json
            #expect(activity["type"].string == "Create")
            #expect(activity["to"].array.compactMap(\.string) == [remote.actor])
            #expect(activity["cc"].array.isEmpty)
            let note = activity["object"]
            #expect(note["to"].array.compactMap(\.string) == [remote.actor] && note["cc"].array.isEmpty)
            #expect(!delivered.text.contains("activitystreams#Public") && !delivered.text.contains("/followers"))
            #expect(note["content"].string?.contains("Hello &lt;zed&gt; &amp; all") == true, "\(note)")
            #expect(note["tag"].array.first?["href"].string == remote.actor)
            #expect(delivered.headers.contains { $0.name == "signature" })

            // zed's answer is in the same conversation.
            let answer = Self.direct(remote, id: "9", content: "<p>Hello back</p>", to: ["https://qwinkle.example/people/abe"])
            #expect(try await FederationFollowTests.deliver(answer, to: "/inbox", from: remote, api: api).status == .accepted)
            #expect(try await api.get("/api/qwinkle/v1/conversations", token: abe.token).json.array.count == 1)
            #expect(try await Self.messages(api, abe) == ["Hello back", "Hello <zed> & all"])

            // Photos are not sent elsewhere (another server could not fetch them): said, and nothing sent.
            let upload = try await api.upload(as: abe)
            let withPhoto = try await api.request(
                .post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["\#(handle)"], "body": "Look", "photo_ids": ["\#(upload)"]}"#
            )
            #expect(withPhoto.status == .unprocessableContent)
            await server.work.deliveriesSettled()
            #expect(remote.inboxRequests.count == 1)
        }
    }

    @Test("With federation off, a person of another server cannot be written to")
    func notFederating() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let sent = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["zed@far.example"], "body": "Hello"}"#)
            #expect(sent.status == .unprocessableContent)
        }
    }
}
