import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// The web app through the real router: its cookies, CSRF protection, redirects, and that its forms go through the
/// same rules as the JSON API.
@Suite struct WebAppTests {
    @Test func pagesForVisitorsAreHTMLAndSetAnHttpOnlyLaxNonce() async throws {
        try await TestServer.run { api in
            var browser = WebSession(api)
            for path in ["/", "/public", "/signup", "/login"] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            }
            let headers = try await browser.get("/")
            #expect(headers.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("script-src 'self'") == true)
            #expect(headers.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            var fresh = WebSession(api)
            let first = try await fresh.get("/signup")
            let attributes = try #require(WebSession.cookieAttributes("qwinkle_csrf", in: first))
            #expect(attributes.contains("HttpOnly") && attributes.contains("SameSite=Lax") && !attributes.contains("Secure"))

            var secure = WebSession(api)
            let overHTTPS = try await secure.get("/login", headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            #expect(WebSession.cookieAttributes("qwinkle_csrf", in: overHTTPS)?.contains("Secure") == true)
        }
    }

    @Test func pagesForSignedInPeopleSendVisitorsToLogIn() async throws {
        try await TestServer.run { api in
            var browser = WebSession(api)
            for path in ["/home", "/journal", "/marked", "/compose", "/dreams", "/messages", "/journal/readers"] {
                let page = try await browser.get(path)
                #expect(page.status == .seeOther, "\(path)")
                #expect(page.headers[.location] == "/login?next=\(path)")
            }
        }
    }

    @Test func aFormWithoutItsCSRFTokenChangesNothing() async throws {
        try await TestServer.run { api in
            var browser = WebSession(api)
            _ = try await browser.get("/signup")
            let fields = [
                ("username", "forged"), ("email", "forged@example.com"), ("password", "correct horse"),
                ("password_confirmation", "correct horse"),
            ]
            let forged = try await browser.post("/signup", fields, csrf: false)
            #expect(forged.status == .forbidden)
            var wrong = browser
            wrong.csrfToken = "not-the-token"
            #expect(try await wrong.post("/signup", fields).status == .forbidden)
            #expect(try await api.get("/api/qwinkle/v1/accounts/forged").status == .notFound)

            let signedUp = try await browser.post("/signup", fields)
            #expect(signedUp.status == .seeOther)
            #expect(signedUp.headers[.location] == "/home")
            let session = try #require(WebSession.cookieAttributes("qwinkle_session", in: signedUp))
            #expect(session.contains("HttpOnly") && session.contains("SameSite=Lax") && session.contains("Path=/"))
            let home = try await browser.get("/home")
            #expect(home.status == .ok)
            #expect(home.text.contains("@forged"))
        }
    }

    @Test func theSessionCookieIsSecureExactlyWhenTheRequestCameOverHTTPS() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            for https in [false, true] {
                var browser = WebSession(api)
                let headers: HTTPFields = https ? [HTTPField.Name("X-Forwarded-Proto")!: "https"] : [:]
                _ = try await browser.get("/login", headers: headers)
                let signedIn = try await browser.post("/login", [("username", "abe"), ("password", "correct horse")], headers: headers)
                #expect(signedIn.status == .seeOther)
                let session = try #require(WebSession.cookieAttributes("qwinkle_session", in: signedIn))
                #expect(session.contains("Secure") == https, "over \(https ? "HTTPS" : "HTTP"): \(session)")
                #expect(session.contains("HttpOnly") && session.contains("SameSite=Lax"))
            }
        }
    }

    @Test func theSessionCookieAuthorisesReadsAndCSRFCheckedWritesOnly() async throws {
        try await TestServer.run { api in
            var browser = WebSession(api)
            _ = try await browser.get("/signup")
            _ = try await browser.post("/signup", [
                ("username", "cookie"), ("email", "cookie@example.com"), ("password", "correct horse"),
                ("password_confirmation", "correct horse"),
            ])
            _ = try await browser.get("/home")
            let token = try #require(browser.csrfToken)
            #expect(try await browser.apiRequest(.get, "/api/qwinkle/v1/accounts/me").json["username"].string == "cookie")

            let entry = #"{"kind": "update", "body": "From a page script", "visibility": "public"}"#
            #expect(try await browser.apiRequest(.post, "/api/qwinkle/v1/entries", json: entry).status == .unauthorized)
            #expect(try await browser.apiRequest(.post, "/api/qwinkle/v1/entries", json: entry, csrfHeader: "forged").status == .unauthorized)
            let posted = try await browser.apiRequest(.post, "/api/qwinkle/v1/entries", json: entry, csrfHeader: token)
            #expect(posted.status == .created)
            let timeline = try await api.get("/api/qwinkle/v1/timelines/public")
            #expect(timeline.json.array.count == 1)
        }
    }

    @Test func anInvalidSignUpShowsEachFieldsMessageAndCreatesNothing() async throws {
        try await TestServer.run { api in
            var browser = WebSession(api)
            _ = try await browser.get("/signup")
            let page = try await browser.post("/signup", [
                ("username", "fine_name"), ("email", "not an address"), ("password", "correct horse"),
                ("password_confirmation", "different horse"),
            ])
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains(#"id="email-error" data-error-for="email" aria-live="polite">"#))
            #expect(page.text.contains("value=\"fine_name\""), "the username is kept")
            #expect(!page.text.contains("correct horse"), "passwords are never sent back")
            #expect(try await api.get("/api/qwinkle/v1/accounts/fine_name").status == .notFound)
        }
    }

    @Test func logInGoesBackOnlyWithinTheSite() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("traveller")
            // Browsers drop tabs and line breaks from a URL and read a backslash as a slash: each of these would
            // take the browser to evil.example.
            let offSite = ["//evil.example/", "https://evil.example", "/\t/evil.example/", "/\n/evil.example/", "/\r\n/evil.example/", "/\\evil.example/", "/ /evil.example/"]
            let pairs = [("/journal", "/journal"), ("/tags/tea?cursor=5&limit=20", "/tags/tea?cursor=5&limit=20"), ("/%09/elsewhere", "/%09/elsewhere")]
                + offSite.map { ($0, "/home") }
            for (next, expected) in pairs {
                var browser = WebSession(api)
                _ = try await browser.get("/login")
                let response = try await browser.post("/login", [("username", "traveller"), ("password", "correct horse"), ("next", next)])
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == expected, "next=\(next.debugDescription)")
                // Signed in, the log-in page sends the browser on at once: to the same place.
                let again = try await browser.get("/login?next=\(WebSession.encoded(next))")
                #expect(again.status == .seeOther)
                #expect(again.headers[.location] == expected, "GET next=\(next.debugDescription)")
            }
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            let wrong = try await browser.post("/login", [("username", "traveller"), ("password", "wrong horse")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("Wrong username or password."))
            #expect(browser.cookies["qwinkle_session"] == nil)
        }
    }

    @Test func logOutEndsTheSessionEverywhere() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("leaver")
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "leaver"), ("password", "correct horse")])
            let token = try #require(browser.cookies["qwinkle_session"])
            _ = try await browser.get("/home")
            let out = try await browser.post("/logout", [])
            #expect(out.status == .seeOther)
            #expect(browser.cookies["qwinkle_session"] == nil)
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: token).status == .unauthorized)
        }
    }

    @Test func entriesAreEscapedAndTheirLinksClickable() async throws {
        try await TestServer.run { api in
            let author = try await api.signUp("writer")
            let entry = try await api.post(#"<script>alert("hi")</script> see https://example.com/a?b=1&c=2."#, as: author)
            let id = try #require(entry["id"].string)
            var browser = WebSession(api)
            let page = try await browser.get("/entries/\(id)")
            #expect(page.status == .ok)
            #expect(!page.text.contains("<script>alert"))
            #expect(page.text.contains("&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;"))
            #expect(page.text.contains(#"<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer">"#))
            let article = try await browser.get("/entries/\(id)/article")
            #expect(article.text.hasPrefix("<article class=\"entry\" data-entry-id=\"\(id)\""))
        }
    }

    @Test("An empty message on the messages page is refused in the page's own words: it cannot attach a photo")
    func emptyMessageOnThePage() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("writer")
            _ = try await api.signUp("reader")
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "writer"), ("password", "correct horse")])
            _ = try await browser.get("/messages")

            let empty = try await browser.post("/messages", [("to", "@reader"), ("body", "  ")])
            #expect(empty.status == .unprocessableContent)
            #expect(empty.text.contains("Write a message first."))
            #expect(!empty.text.contains("attach a photo"))
        }
    }

    @Test func composeAndReadingGoThroughTheAPIsRules() async throws {
        try await TestServer.run { api in
            let author = try await api.signUp("composer")
            let secret = try await api.post("Only mine", as: author, visibility: "private")
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "composer"), ("password", "correct horse")])
            _ = try await browser.get("/compose")

            let tooLong = try await browser.post("/compose", [("kind", "update"), ("visibility", "public"), ("body", String(repeating: "a", count: 141))])
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.text.contains(#"data-role="remaining" for="body" aria-live="polite" data-over="true">-1<"#))
            // The reason is beside the field it is about, and the field says it is wrong.
            #expect(tooLong.text.contains(#"aria-describedby="remaining-line body-error" aria-invalid="true""#))
            #expect(tooLong.text.contains(#"<p class="field-error" id="body-error">Too long"#), "\(tooLong.text)")
            let unknownCreature = try await browser.post("/compose", [("kind", "dream"), ("visibility", "public"), ("body", "Odd"), ("creature", "griffin")])
            #expect(unknownCreature.status == .unprocessableContent)
            #expect(unknownCreature.text.contains(#"<p class="field-error">Choose a creature from the list.</p>"#))
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: author.token).json.array.count == 1)

            let key = [("idempotency_key", "same-form")]
            let fields = [("kind", "update"), ("visibility", "public"), ("body", "Posted from the page")] + key
            let first = try await browser.post("/compose", fields)
            let again = try await browser.post("/compose", fields)
            #expect(first.status == .seeOther && first.headers[.location] == again.headers[.location], "a form sent twice posts once")

            let stranger = try await api.signUp("stranger")
            var other = WebSession(api)
            _ = try await other.get("/login")
            _ = try await other.post("/login", [("username", stranger.username), ("password", "correct horse")])
            let hidden = try await other.get("/entries/\(try #require(secret["id"].string))")
            #expect(hidden.status == .notFound)
            #expect(!hidden.text.contains("Only mine"))
        }
    }

    @Test("Unlisted is offered on the compose page; an unlisted entry is on its page and the author's, never on the public page")
    func unlistedFromTheComposePage() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("composer")
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "composer"), ("password", "correct horse")])
            let compose = try await browser.get("/compose")
            #expect(compose.text.contains(#"value="unlisted""#), "the picker offers unlisted")
            let posted = try await browser.post("/compose", [("kind", "update"), ("visibility", "unlisted"), ("body", "A quiet word")])
            #expect(posted.status == .seeOther)
            let location = try #require(posted.headers[.location])
            var visitor = WebSession(api)
            let page = try await visitor.get(location)
            #expect(page.status == .ok && page.text.contains("A quiet word") && page.text.contains("Unlisted"), "\(location)")
            #expect(try await visitor.get("/people/composer").text.contains("A quiet word"))
            #expect(!(try await visitor.get("/public").text.contains("A quiet word")))
        }
    }

    @Test("A dream composed on the page keeps every effect and every photo with its alt text, in order")
    func composeFormRepeatedFields() async throws {
        try await TestServer.run { api in
            let author = try await api.signUp("dreamer")
            let first = try await api.upload(as: author)
            let second = try await api.upload(TestImages.png, as: author)
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "dreamer"), ("password", "correct horse")])
            _ = try await browser.get("/compose?kind=dream")
            let posted = try await browser.post("/compose", [
                ("kind", "dream"), ("visibility", "public"), ("body", "Sharks in the snow"), ("creature", "shark"),
                ("effects[]", "snow"), ("effects[]", "magic"), ("number_of_creatures", "2"),
                ("photo_id[]", first), ("photo_alt[]", "the first"), ("photo_id[]", second), ("photo_alt[]", "the second"),
            ])
            #expect(posted.status == .seeOther)
            let entry = try await api.get("/api/qwinkle/v1/timelines/home", token: author.token).json.array.first
            #expect(entry?["dream"]["effects"].array.compactMap(\.string) == ["magic", "snow"])
            #expect(entry?["dream"]["number_of_creatures"].int == 2)
            #expect(entry?["photos"].array.map { $0["alt"].string ?? "" } == ["the first", "the second"])
        }
    }

    @Test("A form the pages never send (a field sent twice, broken percent-encoding) is refused and changes nothing")
    func unreadableForms() async throws {
        try await TestServer.run { api in
            let author = try await api.signUp("careful")
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "careful"), ("password", "correct horse")])
            _ = try await browser.get("/compose")
            let twice = try await browser.post("/compose", [("kind", "update"), ("visibility", "public"), ("body", "one"), ("body", "two")])
            #expect(twice.status == .badRequest)
            #expect(twice.text.contains("This form could not be read"))
            let token = try #require(browser.csrfToken)
            let broken = try await browser.api.request(
                .post, "/compose", body: Array("kind=update&visibility=public&body=%zz&csrf_token=\(token)".utf8),
                contentType: "application/x-www-form-urlencoded", headers: [.cookie: browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
            )
            #expect(broken.status == .badRequest)
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: author.token).json.array.isEmpty)
        }
    }

    @Test func aMissingPageIsAPageForBrowsersAndJSONForPrograms() async throws {
        try await TestServer.run { api in
            let page = try await api.request(.get, "/no/such/page", headers: [.accept: "text/html,application/xhtml+xml"])
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("There is no page at this address."))
            let program = try await api.request(.get, "/no/such/page", headers: [.accept: "application/json"])
            #expect(program.status == .notFound && program.errorCode == "not_found")
            let apiPath = try await api.request(.get, "/api/qwinkle/v1/nothing", headers: [.accept: "text/html"])
            #expect(apiPath.errorCode == "not_found", "the API answers JSON even to a browser")
            let script = try await api.get("/static/signup.js")
            #expect(script.status == .ok && script.text.contains("/api/qwinkle/v1/accounts/validation"))
        }
    }

    @Test func timelinesLoadMoreByCursor() async throws {
        try await TestServer.run { api in
            let author = try await api.signUp("prolific")
            for number in 1...25 { try await api.post("Entry number \(number).", as: author) }
            var browser = WebSession(api)
            let first = try await browser.get("/public")
            #expect(first.text.components(separatedBy: "<article class=\"entry\"").count - 1 == 20)
            #expect(first.text.contains("Entry number 25.") && !first.text.contains("Entry number 5."))
            let range = try #require(first.text.range(of: #"href="/public?max_id="#))
            let cursor = first.text[range.upperBound...].prefix { $0.isNumber }
            let second = try await browser.get("/public?max_id=\(cursor)")
            #expect(second.text.components(separatedBy: "<article class=\"entry\"").count - 1 == 5)
            #expect(second.text.contains("Entry number 1.") && !second.text.contains("Entry number 6."))
            #expect(!second.text.contains("rel=\"next\""), "the last page has no Load more")
        }
    }

    @Test func theNarrowDreamCardIsServedLikeTheAPIsCardToThoseWhoMayReadTheDream() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("narrowcards")
            let dream = try await api.post(
                "Sharks in the bay", as: abe, visibility: "private", kind: "dream",
                dream: #"{"creature": "shark", "effects": ["rain"], "number_of_creatures": 2}"#
            )
            let path = "/entries/\(try #require(dream["id"].string))/card-narrow.svg"
            var owner = WebSession(api)
            owner.cookies["qwinkle_session"] = abe.token
            let card = try await owner.get(path)
            #expect(card.status == .ok)
            #expect(card.headers[.contentType] == "image/svg+xml")
            #expect(String(decoding: card.bytes, as: UTF8.self).contains(#"viewBox="0 0 280 280""#))
            let etag = try #require(card.headers[.eTag])
            #expect(try await owner.get(path, headers: [.ifNoneMatch: etag]).status == .notModified)

            var stranger = WebSession(api)
            let refused = try await stranger.get(path)
            #expect(refused.status == .notFound, "a private dream's card is not shown to others")
            #expect(!String(decoding: refused.bytes, as: UTF8.self).contains("Sharks in the bay"))
        }
    }
}
