import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// A Mastodon app's side of the OAuth flow in router tests: it registers, sends a signed-in browser to the consent
/// page, and exchanges the code, as Mastodon.py and toot do.
struct MastodonAppSession {
    let api: APIClient
    let clientID: String
    let clientSecret: String
    let redirect: String

    /// Registers an app named `name` for `scopes`, with a web redirect.
    static func register(_ api: APIClient, name: String = "Test app", scopes: String = "read write follow push",
                         redirect: String = "https://app.example/callback") async throws -> MastodonAppSession {
        let response = try await api.request(.post, "/api/v1/apps", json: """
            {"client_name": "\(name)", "redirect_uris": "\(redirect)", "scopes": "\(scopes)", "website": "https://app.example"}
            """)
        #expect(response.status == .ok, "\(response.json)")
        return MastodonAppSession(
            api: api, clientID: try #require(response.json["client_id"].string), clientSecret: try #require(response.json["client_secret"].string),
            redirect: redirect
        )
    }

    /// Abe, and Mary following him, each signed in to one app: the start of every stream test.
    static func maryFollowingAbe(_ api: APIClient) async throws -> (app: MastodonAppSession, abe: User, abeToken: String, maryToken: String) {
        let abe = try await api.signUp("abe")
        _ = try await api.signUp("mary")
        let app = try await register(api)
        let abeToken = try await app.token(for: "abe")
        let maryToken = try await app.token(for: "mary")
        _ = try await api.request(.post, "/api/v1/accounts/\(abe.id)/follow", token: maryToken)
        return (app, abe, abeToken, maryToken)
    }

    /// A browser signed in to the web app as `username` (who signed up with the test password).
    static func browser(_ api: APIClient, as username: String) async throws -> WebSession {
        var browser = WebSession(api)
        _ = try await browser.get("/login")
        let signedIn = try await browser.post("/login", [("username", username), ("password", "correct horse")])
        #expect(signedIn.status == .seeOther || signedIn.status == .found, "log-in answered \(signedIn.status)")
        return browser
    }

    /// The consent page's address for this app.
    func authorizePath(scope: String = "read write follow push", state: String = "xyz", challenge: String? = nil) -> String {
        var path = "/oauth/authorize?response_type=code&client_id=\(clientID)&redirect_uri=\(Self.escaped(redirect))"
            + "&scope=\(Self.escaped(scope))&state=\(state)"
        if let challenge { path += "&code_challenge=\(challenge)&code_challenge_method=S256" }
        return path
    }

    /// Authorizes on the consent page as `browser`'s person and returns the code the redirect carries.
    func authorize(in browser: inout WebSession, scope: String = "read write follow push", challenge: String? = nil) async throws -> String {
        let page = try await browser.get(authorizePath(scope: scope, challenge: challenge))
        #expect(page.status == .ok)
        let answer = try await browser.post("/oauth/authorize", [
            ("client_id", clientID), ("redirect_uri", redirect), ("scope", scope), ("state", "xyz"),
            ("code_challenge", challenge ?? ""), ("code_challenge_method", challenge == nil ? "" : "S256"), ("decision", "approve"),
        ])
        #expect(answer.status == .seeOther)
        let location = try #require(answer.headers[.location])
        let components = try #require(URLComponents(string: location))
        #expect(components.queryItems?.first { $0.name == "state" }?.value == "xyz")
        return try #require(components.queryItems?.first { $0.name == "code" }?.value)
    }

    /// Exchanges a code for a token (naming the redirect, unless told not to), returning the whole answer.
    func exchange(_ code: String, verifier: String? = nil, secret: Bool = true, namesRedirect: Bool = true) async throws -> APIResponse {
        var fields = ["grant_type=authorization_code", "code=\(Self.escaped(code))", "client_id=\(clientID)"]
        if namesRedirect { fields.append("redirect_uri=\(Self.escaped(redirect))") }
        if secret { fields.append("client_secret=\(clientSecret)") }
        if let verifier { fields.append("code_verifier=\(verifier)") }
        return try await api.request(
            .post, "/oauth/token", body: Array(fields.joined(separator: "&").utf8), contentType: "application/x-www-form-urlencoded"
        )
    }

    /// The whole flow for `username`: a token with `scope`.
    func token(for username: String, scope: String = "read write follow push") async throws -> String {
        var browser = try await Self.browser(api, as: username)
        let code = try await authorize(in: &browser, scope: scope)
        let answer = try await exchange(code)
        #expect(answer.status == .ok, "\(answer.json)")
        return try #require(answer.json["access_token"].string)
    }

    static func escaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
