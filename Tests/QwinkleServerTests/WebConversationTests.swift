import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Replies, mentions and tags on the web pages: links in bodies, a tag's page, what a reply shows of its parent, the
/// reply form, and an entry's thread.
@Suite("Web conversations")
struct WebConversationTests {
    @Test("A body links a mentioned account, a tag and a web link, leaves an unknown name as text, and escapes the rest")
    func bodyLinks() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let bea = try await api.signUp("bea")
            let id = try #require(try await api.post("Hi @abe and @nobody <b>bold</b> #Café https://example.com/a?b=1&c=2", as: bea)["id"].string)
            var browser = WebSession(api)
            for path in ["/entries/\(id)", "/public"] {
                let page = try await browser.get(path).text
                #expect(page.contains(#"<a class="mention" href="/people/abe">@abe</a>"#), "\(path)")
                #expect(!page.contains("/people/nobody"), "\(path)")
                #expect(page.contains(" and @nobody &lt;b&gt;bold&lt;/b&gt; "), "\(path)")
                #expect(page.contains(#"<a class="tag" href="/tags/caf%C3%A9">#Café</a>"#), "\(path)")
                #expect(page.contains(#"<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer">"#), "\(path)")
            }
        }
    }

    @Test("A tag's page lists the tagged entries the visitor may read, whichever way the tag is written; a bad tag is an error page")
    func tagPage() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let bea = try await api.signUp("bea")
            try await api.follow(abe, by: bea)
            let open = try #require(try await api.post("Open #Swift thoughts", as: abe)["id"].string)
            let closed = try #require(try await api.post("Closed #swift thoughts", as: abe, visibility: "followers")["id"].string)
            let other = try #require(try await api.post("Other #kotlin thoughts", as: abe)["id"].string)

            var stranger = WebSession(api)
            let page = try await stranger.get("/tags/SWIFT")
            #expect(page.status == .ok)
            #expect(page.text.contains("<h1>#swift</h1>"))
            #expect(page.text.contains(#"data-entry-id="\#(open)""#))
            #expect(!page.text.contains(#"data-entry-id="\#(closed)""#))
            #expect(!page.text.contains(#"data-entry-id="\#(other)""#))

            var follower = try await Self.signedIn(api, "bea")
            let theirs = try await follower.get("/tags/swift").text
            #expect(theirs.contains(#"data-entry-id="\#(open)""#) && theirs.contains(#"data-entry-id="\#(closed)""#))
            #expect(theirs.range(of: #"data-entry-id="\#(closed)""#)!.lowerBound < theirs.range(of: #"data-entry-id="\#(open)""#)!.lowerBound)

            let bad = try await stranger.get("/tags/1")
            #expect(bad.status.code >= 400 && bad.status.code < 500)
            #expect(bad.headers[.contentType] == "text/html; charset=utf-8")
            #expect(!bad.text.contains("data-entry-id"))
        }
    }

    @Test("A stranger sees a public reply to a followers-only entry as \"A reply\", with nothing of the parent")
    func hiddenParent() async throws {
        try await TestServer.run { api in
            let zed = try await api.signUp("zed")
            let bea = try await api.signUp("bea")
            try await api.follow(zed, by: bea)
            let parent = try #require(try await api.post("Secret parent words", as: zed, visibility: "followers")["id"].string)
            let reply = try await Self.reply(api, "Open answer", to: parent, as: bea, visibility: "public", wider: true)

            var stranger = WebSession(api)
            for path in ["/entries/\(reply)", "/public", "/people/bea"] {
                let page = try await stranger.get(path).text
                #expect(page.contains("Open answer"), "\(path)")
                #expect(page.contains(#"<p class="entry-reply-to" data-role="replying-to">A reply</p>"#), "\(path)")
                #expect(!page.contains("Secret parent"), "\(path)")
                #expect(!page.contains("@zed") && !page.contains("/people/zed"), "\(path)")
                #expect(!page.contains("/entries/\(parent)\"") && !page.contains("data-parent-id"), "\(path)")
                #expect(!page.contains("Replying to"), "\(path)")
            }

            var follower = try await Self.signedIn(api, "bea")
            let theirs = try await follower.get("/entries/\(reply)").text
            #expect(theirs.contains(#"<a href="/entries/\#(parent)">Replying to @zed</a>"#))
            // The parent is above the reply, as the thread's first entry.
            #expect(theirs.range(of: "Secret parent words")!.lowerBound < theirs.range(of: "Open answer")!.lowerBound)
            let parentPage = try await follower.get("/entries/\(parent)").text
            #expect(parentPage.contains(#"data-role="replies-count">1 reply<"#))
        }
    }

    @Test("The reply form says whom it answers, preselects the parent's visibility, posts the reply, and shows its refusals")
    func replyForm() async throws {
        try await TestServer.run { api in
            let zed = try await api.signUp("zed")
            let beaUser = try await api.signUp("bea")
            let bea = try await Self.signedIn(api, "bea")
            try await api.follow(zed, by: beaUser)
            let parent = try #require(try await api.post("Followers hear this", as: zed, visibility: "followers")["id"].string)

            var browser = bea
            for path in ["/entries/\(parent)", "/compose?in_reply_to=\(parent)"] {
                let page = try await browser.get(path).text
                #expect(page.contains(#"<input type="hidden" name="in_reply_to" value="\#(parent)">"#), "\(path)")
                #expect(page.contains("Replying to @zed"), "\(path)")
                #expect(page.contains(#"<option value="followers" data-limit"#), "\(path)")
                #expect(page.range(of: #"value="followers"[^>]* selected"#, options: .regularExpression) != nil, "\(path)")
                #expect(page.contains(#"name="wider_visibility""#), "\(path)")
                #expect(!page.contains(#"name="scheduled_local""#), "\(path)")
            }
            let form = { (visibility: String, target: String, extra: [(String, String)]) in
                [("kind", "update"), ("body", "My answer"), ("visibility", visibility), ("in_reply_to", target), ("idempotency_key", UUID().uuidString)] + extra
            }

            let wider = try await browser.post("/compose", form("public", parent, []))
            #expect(wider.status == .unprocessableContent)
            #expect(wider.text.contains("Replying to @zed"))
            let visibilityError = try #require(wider.text.firstMatch(of: /id="visibility-error">([^<]*)</)?.1)
            #expect(!visibilityError.isEmpty)
            #expect(wider.text.contains("My answer"))

            let missing = try await browser.post("/compose", form("followers", "999999999", []))
            #expect(missing.status == .unprocessableContent)
            let targetError = try #require(missing.text.firstMatch(of: /id="in-reply-to-error">([^<]*)</)?.1)
            #expect(!targetError.isEmpty)

            let posted = try await browser.post("/compose", form("followers", parent, []))
            #expect(posted.status == .seeOther)
            let location = try #require(posted.headers[.location])
            let replyID = String(location.dropFirst("/entries/".count))
            let json = try await api.get("/api/qwinkle/v1/entries/\(replyID)", token: beaUser.token).json
            #expect(json["in_reply_to"]["id"].string == parent)
            #expect(json["visibility"].string == "followers")

            let widened = try await browser.post("/compose", form("public", parent, [("wider_visibility", "on")]))
            #expect(widened.status == .seeOther)
        }
    }

    @Test("An entry's page shows its replies in reply order, indented by depth up to four levels")
    func threadOrder() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let bea = try await api.signUp("bea")
            let root = try #require(try await api.post("Root", as: abe)["id"].string)
            let r1 = try await Self.reply(api, "One", to: root, as: bea)
            let r2 = try await Self.reply(api, "Two", to: r1, as: abe)
            let r3 = try await Self.reply(api, "Three", to: r2, as: bea)
            let r4 = try await Self.reply(api, "Four", to: r3, as: abe)
            let r5 = try await Self.reply(api, "Five", to: r4, as: bea)
            let r6 = try await Self.reply(api, "Six", to: root, as: bea)

            var browser = WebSession(api)
            let page = try await browser.get("/entries/\(root)").text
            let shown = page.matches(of: /data-indent="(\d+)"><article class="entry" data-entry-id="(\d+)"/).map { ("\($0.2)", Int($0.1) ?? 0) }
            #expect(shown.map(\.0) == [r1, r2, r3, r4, r5, r6])
            #expect(shown.map(\.1) == [1, 2, 3, 4, 4, 1])
            #expect(page.contains(#"data-parent-id="\#(r4)""#))
            #expect(!page.contains(#"data-role="ancestors""#), "the thread's first entry has nothing above it")

            let middle = try await browser.get("/entries/\(r2)").text
            let ancestors = try #require(middle.firstMatch(of: /data-role="ancestors"[^>]*>([\s\S]*?)<\/ol>/)?.1)
            #expect(ancestors.contains(#"data-entry-id="\#(root)""#) && ancestors.contains(#"data-entry-id="\#(r1)""#))
            #expect(ancestors.range(of: root)!.lowerBound < ancestors.range(of: r1)!.lowerBound)
            #expect(middle.matches(of: /data-indent="(\d+)"><article/).map { Int($0.1) ?? 0 } == [1, 2, 3])

            #expect(try await browser.get("/entries/\(root)?after=x").status == .unprocessableContent)
        }
    }

    @Test("An entry's page's stream brings a new reply anywhere in the thread as an article naming its parent, and its deletion", .timeLimit(.minutes(5)))
    func liveThread() async throws {
        try await StreamingTests.live { api in
            let abe = try await api.signUp("abe")
            let bea = try await api.signUp("bea")
            let root = try await StreamingTests.post(api, "Root", as: abe)
            let first = try await Self.reply(api, "First", to: root, as: bea)
            var stream = try await api.webStream("/live/thread/\(first)")
            #expect(stream.status == .ok)
            #expect(try await stream.untilLive().isEmpty)

            let deeper = try await Self.reply(api, "Deeper <i>reply</i>", to: first, as: abe)
            let arrived = try #require(try await stream.events(through: deeper).last)
            #expect(arrived.name == "entry")
            #expect(arrived.data.hasPrefix(#"<article class="entry" data-entry-id="\#(deeper)" data-kind="update" data-parent-id="\#(first)""#))
            #expect(arrived.data.contains("Deeper &lt;i&gt;reply&lt;/i&gt;"))
            #expect(!arrived.data.contains(#"data-action="reply""#))

            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(deeper)", token: abe.token).status == .noContent)
            let gone = try #require(try await stream.nextEvent())
            #expect(gone.name == "delete")
            #expect(gone.data == deeper)
        }
    }

    @Test("The notifications page shows a reply and a mention whole, linked to their pages")
    func notifications() async throws {
        try await TestServer.run { api in
            let zed = try await api.signUp("zed")
            let bea = try await api.signUp("bea")
            let parent = try #require(try await api.post("Question", as: zed)["id"].string)
            let reply = try await Self.reply(api, "An answer", to: parent, as: bea)
            let mention = try #require(try await api.post("Thinking of @zed today", as: bea)["id"].string)

            var browser = try await Self.signedIn(api, "zed")
            let page = try await browser.get("/notifications").text
            let replied = try #require(page.firstMatch(of: /<li data-notification-id="[^"]*" data-kind="replied"[\s\S]*?<\/article>/)?.0)
            #expect(replied.contains(#"<a href="/entries/\#(reply)">@bea replied to your entry</a>"#))
            #expect(replied.contains(#"data-entry-id="\#(reply)""#) && replied.contains("An answer"))
            #expect(replied.contains(#"<a href="/entries/\#(parent)">Replying to @zed</a>"#))
            let mentioned = try #require(page.firstMatch(of: /<li data-notification-id="[^"]*" data-kind="mentioned"[\s\S]*?<\/article>/)?.0)
            #expect(mentioned.contains(#"<a href="/entries/\#(mention)">@bea mentioned you</a>"#))
            #expect(mentioned.contains(#"<a class="mention" href="/people/zed">@zed</a>"#))
        }
    }

    @Test("A tag's page and a thread's replies come a page at a time, each page linking the next")
    func paging() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            var tagged: [String] = []
            for number in 1...21 { tagged.append(try #require(try await api.post("Note \(number) #paged", as: abe)["id"].string)) }
            var browser = WebSession(api)
            let first = try await browser.get("/tags/paged").text
            let next = try #require(first.firstMatch(of: /href="(\/tags\/paged\?max_id=[^"]+)" rel="next"/)?.1)
            #expect(first.matches(of: /<article class="entry"/).count == 20)
            let second = try await browser.get(String(next)).text
            #expect(second.matches(of: /data-entry-id="(\d+)"/).map { String($0.1) } == [tagged[0]])

            let root = tagged[20]
            var replies: [String] = []
            for number in 1...41 { replies.append(try await Self.reply(api, "Reply \(number)", to: root, as: abe)) }
            let page = try await browser.get("/entries/\(root)").text
            #expect(page.matches(of: /data-indent="1"><article/).count == 40)
            let more = try #require(page.firstMatch(of: /href="(\/entries\/\d+\?after=\d+)" rel="next" data-role="more-replies">More replies</)?.1)
            let rest = try await browser.get(String(more)).text
            #expect(rest.matches(of: /data-indent="1"><article class="entry" data-entry-id="(\d+)"/).map { String($0.1) } == [replies[40]])
            #expect(!rest.contains("More replies"))
        }
    }

    /// A web session signed in as `username`.
    static func signedIn(_ api: APIClient, _ username: String) async throws -> WebSession {
        var browser = WebSession(api)
        _ = try await browser.get("/login")
        let response = try await browser.post("/login", [("username", username), ("password", "correct horse")])
        #expect(response.status == .seeOther)
        _ = try await browser.get("/home")
        return browser
    }

    /// Posts a reply through the API and returns its ID.
    static func reply(_ api: APIClient, _ body: String, to parent: String, as user: User, visibility: String = "public", wider: Bool = false) async throws -> String {
        let response = try await api.request(.post, "/api/qwinkle/v1/entries", token: user.token, json: """
            {"kind": "update", "body": \(APIClient.quoted(body)), "visibility": "\(visibility)", "in_reply_to": "\(parent)", "wider_visibility": \(wider)}
            """)
        #expect(response.status == .created, "\(response.json)")
        return try #require(response.json["id"].string)
    }
}
