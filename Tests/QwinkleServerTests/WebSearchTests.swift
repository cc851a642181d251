import HTTPTypes
import QwinkleTestSupport
import Testing

/// The web app's search: the header's box on every page, and a results page from the same service as the API's.
@Suite("Web search")
struct WebSearchTests {
    @Test("Every page has the search box; results mark the matching words and show only what the visitor may read")
    func resultsPage() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let open = try #require(try await api.post("A shark <b>in</b> the sea", as: abe)["id"].string)
            let secret = try #require(try await api.post("A secret shark", as: abe, visibility: "private")["id"].string)
            var browser = WebSession(api)
            #expect(try await browser.get("/").text.contains(#"action="/search" role="search""#))
            let page = try await browser.get("/search?q=shark")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"data-entry-id="\#(open)""#))
            #expect(!page.text.contains(#"data-entry-id="\#(secret)""#))
            #expect(page.text.contains("A <mark>shark</mark> &lt;b&gt;in&lt;/b&gt; the sea"))
            #expect(page.text.contains(#"value="shark""#))

            let people = try await browser.get("/search?q=ab&type=accounts")
            #expect(people.text.contains(#"data-username="abe""#))

            let bad = try await browser.get("/search?q=%22shark")
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("closing"))
            #expect(try await browser.get("/search").status == .ok)
            #expect(try await browser.get("/search?q=nothingmatches").text.contains(#"data-role="empty""#))
        }
    }
}
