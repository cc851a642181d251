import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

@testable import QwinkleFederation

/// A note from elsewhere is shown as its author marked it up: the Mastodon API's `content`, the Qwinkle API's `html`
/// and the web page carry its HTML reduced to the allow-list; its `body` is its text, for text clients, search and
/// the length rule. Nothing outside the allow-list is in any of them.
@Suite("Federation: another server's HTML, kept safely")
struct FederationRemoteHTMLTests {
    static let note = #"""
        <h2>News</h2><p>Read <a href="https://far.example/post" onclick="steal()">the post</a>, <strong>now</strong><script>alert(1)</script>.</p>\#
        <ul><li>one</li><li>two</li></ul><p><span class="h-card"><a href="https://qwinkle.example/people/abe" class="u-url mention">@<span>abe</span></a></span> \#
        <a href="javascript:alert(2)">trap</a> <img src=x onerror=alert(3)></p>
        """#
    static let kept = #"""
        <p><strong>News</strong></p><p>Read <a href="https://far.example/post" rel="nofollow noopener noreferrer" target="_blank">the post</a>, <strong>now</strong>.</p>\#
        <ul><li>one</li><li>two</li></ul><p><span class="h-card"><a href="https://qwinkle.example/people/abe" class="u-url mention" rel="nofollow noopener noreferrer" target="_blank">@abe</a></span> \#
        trap</p>
        """#

    @Test("Kept as reduced HTML and as text; shown as HTML by the Mastodon API, the Qwinkle API and the web page, as text to text clients")
    func shownEverywhere() async throws {
        try await Self.withZedFollowedByAbe { remote, api, abe, handle in
            let create = FederationRemoteNotesTests.create(remote, id: "1", content: Self.note)
            #expect(try await FederationFollowTests.deliver(create, to: "/inbox", from: remote, api: api).status == .accepted)

            let home = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array
            let entry = try #require(home.first)
            #expect(entry["html"].string == Self.kept)
            #expect(entry["body"].string == "News\n\nRead the post (https://far.example/post), now.\n\none\ntwo\n\n@abe trap")
            let id = try #require(entry["id"].string)

            let status = try await api.get("/api/v1/statuses/\(id)").json
            #expect(status["content"].string == Self.kept)

            let page = try await api.get("/entries/\(id)")
            let body = try #require(Self.entryBody(in: String(decoding: page.bytes, as: UTF8.self)))
            #expect(body == Self.kept)
            for html in [entry["html"].string ?? "", status["content"].string ?? "", body] {
                RemoteHTMLTests.expectAllowed(html, from: Self.note)
            }

            // Search finds its text, not its markup.
            let found = try await api.get("/api/qwinkle/v1/search?q=post", token: abe.token).json["entries"].array
            #expect(found.compactMap { $0["entry"]["id"].string } == [id])
            #expect(try await api.get("/api/qwinkle/v1/search?q=onclick", token: abe.token).json["entries"].array.isEmpty)

            // An entry written here is text: no HTML of its own.
            let own = try await api.post("Plain <b>text</b>", as: abe)
            #expect(own["html"].isNull && own["body"].string == "Plain <b>text</b>")

            // A note that gives only `contentMap` shows its English content.
            let mapped = FederationRemoteNotesTests.create(
                remote, id: "2", content: "", extra: #","contentMap":{"de":"<p>Hallo</p>","en":"<p>Hello</p>"}"#
            )
            #expect(try await FederationFollowTests.deliver(mapped, to: "/inbox", from: remote, api: api).status == .accepted)
            let newest = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array.first { $0["author"]["username"].string == handle }
            #expect(newest?["body"].string == "Hello" && newest?["html"].string == "<p>Hello</p>")
        }
    }

    /// A Create by zed of `object`, an object of the given type with the given properties (JSON, without braces).
    static func create(_ remote: FakeRemoteServer, id: String, type: String, _ properties: String) -> String {
        #"""
        {"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/objects/\#(id)/activity","type":"Create","actor":"\#(remote.actor)",
        "to":["https://www.w3.org/ns/activitystreams#Public"],"object":{"id":"\#(remote.actor)/objects/\#(id)","type":"\#(type)",
        "attributedTo":"\#(remote.actor)","to":["https://www.w3.org/ns/activitystreams#Public"],"cc":["\#(remote.actor)/followers"],
        "published":"2026-11-27T10:00:00Z",\#(properties)}}
        """#
    }

    @Test("Articles, pages, events and videos are shown as Mastodon shows them, by name, summary and link; a poll with its options; a document alone is not kept")
    func otherObjects() async throws {
        try await Self.withZedFollowedByAbe { remote, api, abe, handle in
            let objects = [
                Self.create(remote, id: "1", type: "Article", #""name":"Long read","summary":"Why tea","content":"<p>Ten thousand words</p>","url":"https://far.example/articles/1""#),
                Self.create(remote, id: "2", type: "Event", #""name":"Tea party","summary":"<p>Bring cups</p>","url":"https://far.example/events/2""#),
                Self.create(remote, id: "3", type: "Video", #""name":"Brewing","content":"<p>How I brew</p>","url":[{"type":"Link","href":"https://far.example/videos/3"}]"#),
                Self.create(remote, id: "4", type: "Question", #""content":"<p>Milk first?</p>","oneOf":[{"type":"Note","name":"Yes"},{"type":"Note","name":"No"}]"#),
                Self.create(remote, id: "5", type: "Tombstone", #""name":"gone""#),
                Self.create(remote, id: "6", type: "Note", #""content":"<p>Look</p>","attachment":[{"type":"Document","mediaType":"image/png","name":"A cup","url":[{"type":"Link","href":"\#(remote.base)/media/gone.png"}]}]"#),
                Self.create(remote, id: "7", type: "Document", #""name":"A file alone","url":"https://far.example/files/7""#),
            ]
            for object in objects {
                #expect(try await FederationFollowTests.deliver(object, to: "/inbox", from: remote, api: api).status == .accepted)
            }
            let home = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array.reversed()
            #expect(home.compactMap { $0["body"].string } == [
                "Long read\n\nWhy tea https://far.example/articles/1", "Tea party\n\nBring cups https://far.example/events/2",
                // A video's own words are its page's to show, as Mastodon shows it.
                "Brewing https://far.example/videos/3", "Milk first?\n\nYes\nNo",
                // A picture that cannot be fetched is linked by its name.
                "Look\n\nA cup: \(remote.base)/media/gone.png",
            ])
            #expect(home.allSatisfy { $0["content_warning"].isNull }, "a summary describes an article; it warns of nothing")
            #expect(home.first?["html"].string == #"<p>Long read</p><p>Why tea <a href="https://far.example/articles/1" rel="nofollow noopener noreferrer" target="_blank">https://far.example/articles/1</a></p>"#)
            #expect(home.last?["html"].string == #"<p>Look</p><p><a href="\#(remote.base)/media/gone.png" rel="nofollow noopener noreferrer" target="_blank">A cup</a></p>"#)
            #expect(home.dropLast().last?["html"].string == "<p>Milk first?</p><ul><li>Yes</li><li>No</li></ul>")
        }
    }

    /// Runs `body` with the fake server, a client of a federating test server, abe, who follows the fake server's
    /// zed, and zed's handle.
    static func withZedFollowedByAbe(_ body: @escaping @Sendable (FakeRemoteServer, APIClient, User, String) async throws -> Void) async throws {
        try await FederationTestBed.run { remote, _, api in
            let abe = try await api.signUp("abe")
            let handle = "zed@" + remote.base.dropFirst("http://".count)
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token).status == .ok)
            try await body(remote, api, abe, handle)
        }
    }

    /// The inside of an entry page's body element.
    static func entryBody(in page: String) -> String? {
        guard let start = page.range(of: #"<div class="entry-body" data-role="entry-body">"#),
            let end = page.range(of: "</div>", range: start.upperBound..<page.endIndex)
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound])
    }
}
