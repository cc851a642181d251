import Crypto
import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Logging in the way Mastodon apps do: registration, the consent page, codes, tokens, scopes and revocation.
@Suite("Mastodon API: OAuth", .serialized)
struct MastodonOAuthTests {
    @Test("An app registers with a JSON or a form body, and its own token (client_credentials) verifies it")
    func registration() async throws {
        try await TestServer.run { api in
            let json = try await api.request(.post, "/api/v1/apps", json: """
                {"client_name": "Mona", "redirect_uris": ["urn:ietf:wg:oauth:2.0:oob"], "scopes": "read write"}
                """)
            #expect(json.status == .ok)
            #expect(MastodonShape.registeredApplication.problems(in: json.json) == [])
            #expect(json.json["scopes"].array.compactMap(\.string) == ["read", "write"])
            let form = try await api.request(
                .post, "/api/v1/apps", body: Array("client_name=toot&redirect_uris=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&scopes=read+write+follow".utf8),
                contentType: "application/x-www-form-urlencoded"
            )
            #expect(form.status == .ok)
            #expect(form.json["name"].string == "toot")
            #expect(form.json["client_id"].string != json.json["client_id"].string)

            let clientID = try #require(form.json["client_id"].string)
            let secret = try #require(form.json["client_secret"].string)
            let token = try await api.request(
                .post, "/oauth/token", json: #"{"grant_type": "client_credentials", "client_id": "\#(clientID)", "client_secret": "\#(secret)"}"#
            )
            #expect(token.status == .ok)
            #expect(MastodonShape.token.problems(in: token.json) == [])
            let appToken = try #require(token.json["access_token"].string)
            let verified = try await api.get("/api/v1/apps/verify_credentials", token: appToken)
            #expect(verified.json["name"].string == "toot")
            #expect(verified.json["client_secret"] == .null)
            // The app's own token acts for nobody.
            #expect(try await api.get("/api/v1/accounts/verify_credentials", token: appToken).status == .unprocessableContent)

            let wrongSecret = try await api.request(
                .post, "/oauth/token", json: #"{"grant_type": "client_credentials", "client_id": "\#(clientID)", "client_secret": "nope"}"#
            )
            #expect(wrongSecret.status == .unauthorized)
            #expect(wrongSecret.json["error"].string == "invalid_client")
        }
    }

    @Test("Registration refuses an app without a name, without a redirect, or asking for a scope Qwinkle does not know")
    func badRegistration() async throws {
        try await TestServer.run { api in
            for body in [
                #"{"redirect_uris": "urn:ietf:wg:oauth:2.0:oob"}"#, #"{"client_name": "x"}"#,
                #"{"client_name": "x", "redirect_uris": "urn:ietf:wg:oauth:2.0:oob", "scopes": "read admin:everything"}"#,
                #"{"client_name": "x", "redirect_uris": "not a uri"}"#,
            ] {
                let response = try await api.request(.post, "/api/v1/apps", json: body)
                #expect(response.status == .unprocessableContent, "\(body)")
                #expect(response.json["error"].string?.isEmpty == false, "\(body)")
            }
        }
    }

    @Test("The consent page asks a visitor to log in first, then names the app and what it may do; Deny tells the app so")
    func consentPage() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let app = try await MastodonAppSession.register(api, name: "Ivory", scopes: "read write")
            var visitor = WebSession(api)
            let unsigned = try await visitor.get(app.authorizePath(scope: "read"))
            #expect(unsigned.status == .seeOther)
            #expect(unsigned.headers[.location]?.hasPrefix("/login?next=/oauth/authorize%3Fresponse_type%3Dcode") == true, "\(unsigned.headers[.location] ?? "")")

            var browser = try await MastodonAppSession.browser(api, as: "abe")
            let page = try await browser.get(app.authorizePath(scope: "read"))
            let html = String(decoding: page.bytes, as: UTF8.self)
            #expect(html.contains("Authorize Ivory?"))
            #expect(html.contains("@abe"))
            #expect(html.contains("Read your entries"))
            #expect(!html.contains("Post, edit"))
            // The answer is a redirect to the app, which the page's form-action must allow.
            #expect(page.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("form-action 'self' https://app.example") == true)

            // More than the app registered for is refused on the page, before anyone is asked.
            #expect(try await browser.get(app.authorizePath(scope: "read write push")).status == .badRequest)
            // So is a redirect it did not register: the page never sends a code elsewhere.
            let elsewhere = app.authorizePath(scope: "read").replacingOccurrences(of: "app.example", with: "evil.example")
            #expect(try await browser.get(elsewhere).status == .badRequest)

            let forged = try await browser.post(
                "/oauth/authorize", [("client_id", app.clientID), ("redirect_uri", app.redirect), ("scope", "read"), ("decision", "approve")],
                csrf: false
            )
            #expect(forged.status == .forbidden)
            var wrongToken = browser
            wrongToken.csrfToken = "not-the-token"
            let alsoForged = try await wrongToken.post(
                "/oauth/authorize", [("client_id", app.clientID), ("redirect_uri", app.redirect), ("scope", "read"), ("decision", "approve")]
            )
            #expect(alsoForged.status == .forbidden)

            let denied = try await browser.post("/oauth/authorize", [
                ("client_id", app.clientID), ("redirect_uri", app.redirect), ("scope", "read"), ("state", "s1"), ("decision", "deny"),
            ])
            #expect(denied.headers[.location] == "https://app.example/callback?error=access_denied&state=s1")
        }
    }

    @Test("A code is exchanged once, for the app it was given to; PKCE's verifier must match its challenge")
    func codes() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let app = try await MastodonAppSession.register(api)
            let other = try await MastodonAppSession.register(api, name: "Other")
            var browser = try await MastodonAppSession.browser(api, as: "abe")

            let code = try await app.authorize(in: &browser)
            let token = try await app.exchange(code)
            #expect(token.status == .ok)
            #expect(token.json["scope"].string == "read write follow push")
            #expect(try await app.exchange(code).json["error"].string == "invalid_grant")

            let stolen = try await app.authorize(in: &browser)
            #expect(try await other.exchange(stolen).json["error"].string == "invalid_grant")

            // PKCE: a public client proves itself with the verifier instead of its secret. The challenge is the
            // verifier's SHA-256 in base64url, worked out apart (Python's hashlib and base64).
            let verifier = "dBjftJeZ4CVP-mJ92K27uhbUJU1p1r_wW1gFWFOEjXk"
            let challenge = "ngF5GsXcbwljx6u133FFr3Xht9xooA_DuaX_3QwODtc"
            let withPKCE = try await app.authorize(in: &browser, challenge: challenge)
            #expect(try await app.exchange(withPKCE, verifier: "wrong-verifier-wrong-verifier-wrong-verifier", secret: false).status == .badRequest)
            let again = try await app.authorize(in: &browser, challenge: challenge)
            let proven = try await app.exchange(again, verifier: verifier, secret: false)
            #expect(proven.status == .ok, "\(proven.json)")
            // Without PKCE, the secret is needed.
            let plain = try await app.authorize(in: &browser)
            #expect(try await app.exchange(plain, secret: false).json["error"].string == "invalid_client")
        }
    }

    @Test("A code is exchanged only naming its redirect_uri; exchanged a second time, the token it gave is revoked")
    func redirectRequiredAndReplayRevokes() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let app = try await MastodonAppSession.register(api)
            var browser = try await MastodonAppSession.browser(api, as: "abe")
            let code = try await app.authorize(in: &browser)
            let unnamed = try await app.exchange(code, namesRedirect: false)
            #expect(unnamed.status == .badRequest)
            #expect(unnamed.json["error"].string == "invalid_request")
            // Refused before the code was used: named, it still works.
            let first = try await app.exchange(code)
            #expect(first.status == .ok)
            let token = try #require(first.json["access_token"].string)
            #expect(try await api.get("/api/v1/accounts/verify_credentials", token: token).status == .ok)

            // Whoever sends the same code again may have intercepted it: the token it gave stops working.
            let replayed = try await app.exchange(code)
            #expect(replayed.status == .badRequest)
            #expect(replayed.json["error"].string == "invalid_grant")
            #expect(try await api.get("/api/v1/accounts/verify_credentials", token: token).status == .unauthorized)
            #expect(try await app.exchange(code).json["error"].string == "invalid_grant")

            // A code refused for another reason (another app's) gives nobody a token, and is used up.
            let other = try await MastodonAppSession.register(api, name: "Other")
            let stolen = try await app.authorize(in: &browser)
            #expect(try await other.exchange(stolen).json["error"].string == "invalid_grant")
            #expect(try await app.exchange(stolen).json["error"].string == "invalid_grant")
            let sessions = try await api.get("/api/qwinkle/v1/accounts/me/sessions", token: abe.token)
            #expect(!sessions.json.array.contains { $0["client"].string == "Test app" }, "\(sessions.json)")
        }
    }

    @Test("Registration takes http(s) and an app's own scheme as a redirect, and only http(s) as a web site: never a scheme that runs script")
    func registrationSchemes() async throws {
        try await TestServer.run { api in
            let refused = [
                #"{"client_name": "x", "redirect_uris": "javascript:alert(document.cookie)"}"#,
                #"{"client_name": "x", "redirect_uris": "JavaScript:alert(1)"}"#,
                #"{"client_name": "x", "redirect_uris": "data:text/html,<script>alert(1)</script>"}"#,
                #"{"client_name": "x", "redirect_uris": "vbscript:msgbox(1)"}"#,
                #"{"client_name": "x", "redirect_uris": "https://app.example/cb javascript:alert(1)"}"#,
                #"{"client_name": "x", "redirect_uris": "https:///no-host"}"#,
                #"{"client_name": "x", "redirect_uris": "urn:ietf:wg:oauth:2.0:oob", "website": "javascript:alert(1)"}"#,
                #"{"client_name": "x", "redirect_uris": "urn:ietf:wg:oauth:2.0:oob", "website": "data:text/html,hi"}"#,
                #"{"client_name": "x", "redirect_uris": "urn:ietf:wg:oauth:2.0:oob", "website": "toot://home"}"#,
            ]
            for body in refused {
                let response = try await api.request(.post, "/api/v1/apps", json: body)
                #expect(response.status == .unprocessableContent, "\(body)")
                #expect(response.json["error"].string?.isEmpty == false, "\(body)")
            }
            for redirect in ["https://app.example/cb", "http://localhost:4000/cb", "toot://oauth", "com.example.app:/callback", "urn:ietf:wg:oauth:2.0:oob"] {
                let response = try await api.request(
                    .post, "/api/v1/apps", json: #"{"client_name": "x", "redirect_uris": "\#(redirect)", "website": "https://app.example"}"#
                )
                #expect(response.status == .ok, "\(redirect): \(response.json)")
            }
        }
    }

    @Test("The out-of-band redirect shows the code on the page to copy")
    func outOfBand() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let app = try await MastodonAppSession.register(api, name: "toot", redirect: "urn:ietf:wg:oauth:2.0:oob")
            var browser = try await MastodonAppSession.browser(api, as: "abe")
            _ = try await browser.get(app.authorizePath())
            let shown = try await browser.post("/oauth/authorize", [
                ("client_id", app.clientID), ("redirect_uri", app.redirect), ("scope", "read write follow push"), ("decision", "approve"),
            ])
            #expect(shown.status == .ok)
            let html = String(decoding: shown.bytes, as: UTF8.self)
            let code = try #require(html.range(of: #"data-role="oauth-code">"#).map { String(html[$0.upperBound...].prefix { $0 != "<" }) })
            #expect(try await app.exchange(code).status == .ok)
        }
    }

    @Test("Scopes are enforced: a read token cannot write; a token is refused after it is revoked; Qwinkle's own API takes none")
    func scopesAndRevocation() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let app = try await MastodonAppSession.register(api)
            let reader = try await app.token(for: "abe", scope: "read")
            #expect(try await api.get("/api/v1/accounts/verify_credentials", token: reader).status == .ok)
            let write = try await api.request(.post, "/api/v1/statuses", token: reader, json: #"{"status": "Hello"}"#)
            #expect(write.status == .forbidden)
            #expect(write.json["error"].string == "This action is outside the authorized scopes")
            let statuses = try await app.token(for: "abe", scope: "read:accounts write:statuses")
            #expect(try await api.request(.post, "/api/v1/statuses", token: statuses, json: #"{"status": "Hello"}"#).status == .ok)
            #expect(try await api.get("/api/v1/timelines/home", token: statuses).status == .forbidden)

            // An app's token is not a Qwinkle session: there it could do what its scopes do not allow.
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: reader).status == .unauthorized)

            let revoke = try await api.request(
                .post, "/oauth/revoke", json: #"{"token": "\#(reader)", "client_id": "\#(app.clientID)", "client_secret": "\#(app.clientSecret)"}"#
            )
            #expect(revoke.status == .ok)
            let refused = try await api.get("/api/v1/accounts/verify_credentials", token: reader)
            #expect(refused.status == .unauthorized)
            #expect(refused.json["error"].string == "The access token is invalid")
        }
    }

    @Test("Account and security lists the apps with access, and revoking one there ends its token")
    func appsWithAccess() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let app = try await MastodonAppSession.register(api, name: "Tusky", scopes: "read")
            let token = try await app.token(for: "abe", scope: "read")
            var browser = try await MastodonAppSession.browser(api, as: "abe")
            let page = try await browser.get("/settings/account")
            let html = String(decoding: page.bytes, as: UTF8.self)
            let apps = try #require(html.range(of: #"data-role="apps""#).map { String(html[$0.upperBound...]) })
            #expect(apps.contains("Tusky"))
            #expect(apps.contains("Read your entries"))
            let id = try #require(apps.range(of: #"data-session-id=""#).map { String(apps[$0.upperBound...].prefix { $0 != "\"" }) })
            let revoked = try await browser.post("/settings/sessions/\(id)/end?app=1", [])
            #expect(revoked.headers[.location] == "/settings/account?done=app")
            #expect(try await api.get("/api/v1/accounts/verify_credentials", token: token).status == .unauthorized)
        }
    }
}

/// The password grant, off unless the server turns it on.
@Suite("Mastodon API: the password grant", .serialized)
struct MastodonPasswordGrantTests {
    static func passwordGrant(_ api: APIClient, _ app: MastodonAppSession, password: String) async throws -> APIResponse {
        try await api.request(.post, "/oauth/token", json: """
            {"grant_type": "password", "client_id": "\(app.clientID)", "client_secret": "\(app.clientSecret)", \
            "username": "abe", "password": "\(password)", "scope": "read"}
            """)
    }

    @Test("Off by default: unsupported_grant_type, and the server's metadata does not offer it")
    func offByDefault() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let app = try await MastodonAppSession.register(api)
            let refused = try await Self.passwordGrant(api, app, password: "correct horse")
            #expect(refused.status == .badRequest)
            #expect(refused.json["error"].string == "unsupported_grant_type")
            let metadata = try await api.get("/.well-known/oauth-authorization-server")
            #expect(metadata.json["grant_types_supported"].array.compactMap(\.string) == ["authorization_code", "client_credentials"])
        }
    }

    @Test("Turned on, a right password gets a token of the scope asked for, and a wrong one invalid_grant")
    func turnedOn() async throws {
        try await TestServer.withTemporaryData(oauthPasswordGrant: true) { server in
            try await server.test(live: false) { client in
                let api = APIClient(client: client)
                _ = try await api.signUp("abe")
                let app = try await MastodonAppSession.register(api)
                #expect(try await Self.passwordGrant(api, app, password: "wrong horse").json["error"].string == "invalid_grant")
                let granted = try await Self.passwordGrant(api, app, password: "correct horse")
                #expect(granted.json["scope"].string == "read")
                let token = try #require(granted.json["access_token"].string)
                #expect(try await api.get("/api/v1/accounts/verify_credentials", token: token).json["acct"].string == "abe")
            }
        }
    }
}
