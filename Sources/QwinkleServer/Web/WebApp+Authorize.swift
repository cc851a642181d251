import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

extension WebApp {
    /// The consent page of OAuth's authorization flow: an app (a Mastodon app) asks to use the signed-in person's
    /// account; they see its name and what it may do, and authorize or deny.
    struct AuthorizeContent: Sendable {
        var appName: String
        var website: String?
        var username = ""
        var scopes: [String] = []
        var asking = false
        var clientID = ""
        var redirectURI = ""
        var scope = ""
        var state = ""
        var codeChallenge = ""
        var codeChallengeMethod = ""
        /// The code to copy, for an app without a web address of its own.
        var code: String?
        var denied = false
    }

    /// The query (or form) an app sends to the consent page.
    struct AuthorizeForm: Decodable, Sendable {
        var responseType: String?
        var clientId: String?
        var redirectUri: String?
        var scope: String?
        var state: String?
        var codeChallenge: String?
        var codeChallengeMethod: String?
        var decision: String?

        enum CodingKeys: String, CodingKey {
            case responseType = "response_type", clientId = "client_id", redirectUri = "redirect_uri", scope, state
            case codeChallenge = "code_challenge", codeChallengeMethod = "code_challenge_method", decision
        }
    }

    /// `GET /oauth/authorize`: the consent page, after the web sign-in if needed.
    func authorizePage(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = (try? URLEncodedFormDecoder().decode(AuthorizeForm.self, from: request.uri.query ?? "")) ?? AuthorizeForm()
        let checked = try await checkedAuthorization(form)
        let me = try visit.signedInAccount()
        var content = AuthorizeContent(appName: checked.app.name, website: checked.linkableWebsite)
        content.asking = true
        content.username = me.username
        content.scopes = Self.scopeWords(checked.scopes)
        content.clientID = checked.app.clientID
        content.redirectURI = checked.redirectURI
        content.scope = checked.scopes.text
        content.state = form.state ?? ""
        content.codeChallenge = checked.codeChallenge ?? ""
        content.codeChallengeMethod = checked.codeChallenge == nil ? "" : "S256"
        var response = render("authorize", content, site: SiteView(title: "Authorize \(checked.app.name)", visit: visit, section: nil))
        // The answer to the form is a redirect to the app; browsers hold a form's redirects to the page's form-action.
        if let target = Self.formTarget(of: checked.redirectURI), let csp = HTTPField.Name("Content-Security-Policy") {
            response.headers[csp] = Self.contentSecurityPolicy.replacingOccurrences(of: "form-action 'self'", with: "form-action 'self' \(target)")
        }
        return response
    }

    /// `POST /oauth/authorize`: the person's answer. A code goes to the app's redirect (or is shown to copy); a
    /// denial tells the app `access_denied`.
    func authorize(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await self.form(AuthorizeForm.self, request, visit: visit)
        let me = try visit.signedInAccount()
        let checked = try await checkedAuthorization(form)
        let outOfBand = checked.redirectURI == OAuthApp.outOfBand
        var content = AuthorizeContent(appName: checked.app.name, website: checked.linkableWebsite)
        let site = SiteView(title: checked.app.name, visit: visit, section: nil)
        guard form.decision == "approve" else {
            if outOfBand {
                content.denied = true
                return render("authorize", content, site: site)
            }
            return .redirect(to: Self.redirect(checked.redirectURI, with: ["error": "access_denied", "state": form.state]))
        }
        let code = try await services.oauth.authorize(checked, by: me)
        if outOfBand {
            content.code = code
            return render("authorize", content, site: site)
        }
        return .redirect(to: Self.redirect(checked.redirectURI, with: ["code": code, "state": form.state]))
    }

    /// The request checked by the OAuth service; a request the app got wrong is a page saying so, never a redirect
    /// to an address that was not registered.
    private func checkedAuthorization(_ form: AuthorizeForm) async throws -> AuthorizationRequest {
        do {
            guard (form.responseType ?? "code") == "code" else { throw OAuthError(.invalidRequest, "Only response_type=code is supported.") }
            return try await services.oauth.authorizationRequest(
                clientID: form.clientId, redirectURI: form.redirectUri, scope: form.scope,
                codeChallenge: form.codeChallenge.flatMap { $0.isEmpty ? nil : $0 },
                codeChallengeMethod: form.codeChallengeMethod.flatMap { $0.isEmpty ? nil : $0 }
            )
        } catch let error as OAuthError {
            throw Failure(status: .badRequest, title: "This app's request cannot be answered", message: error.description)
        }
    }

    /// `redirect` with `parameters` added to its query.
    static func redirect(_ redirect: String, with parameters: [String: String?]) -> String {
        let query = parameters.sorted { $0.key < $1.key }.compactMap { name, value in
            value.map { "\(name)=\($0.urlComponentEscaped)" }
        }.joined(separator: "&")
        return redirect + (redirect.contains("?") ? "&" : "?") + query
    }

    /// What a page's form-action must allow for a redirect to `uri`: its origin, or its scheme for an app's own.
    static func formTarget(of uri: String) -> String? {
        guard uri != OAuthApp.outOfBand, let url = URL(string: uri), let scheme = url.scheme?.lowercased(),
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        else { return nil }
        guard scheme == "http" || scheme == "https", let host = url.host else { return "\(scheme):" }
        let safeHost = host.allSatisfy { $0.isLetter || $0.isNumber || "-._[]:".contains($0) }
        guard safeHost else { return nil }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }

    /// What each scope lets an app do, in words.
    static func scopeWords(_ scopes: OAuthScopes) -> [String] {
        scopes.names.map { name in
            switch name {
            case "read": "Read your entries, timelines, notifications, follows and profile"
            case "write": "Post, edit and delete entries, mark them, upload photos, follow people and change your profile"
            case "follow": "Follow and unfollow people"
            case "push": "Receive your notifications"
            case "profile": "See your profile"
            default:
                name.hasPrefix("read:") ? "Read your \(name.dropFirst(5).replacingOccurrences(of: "_", with: " "))"
                    : "Change your \(name.dropFirst(6).replacingOccurrences(of: "_", with: " "))"
            }
        }
    }
}
