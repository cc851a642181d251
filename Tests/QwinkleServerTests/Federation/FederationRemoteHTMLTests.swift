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
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(federation: .on(FederationRemoteNotesTests.origin, allowsPrivateAddresses: true)) { server in
                try await server.test(live: true) { client in
                    let api = APIClient(client: client)
                    let abe = try await api.signUp("abe")
                    let handle = "zed@" + remote.base.dropFirst("http://".count)
                    #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token).status == .ok)
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
