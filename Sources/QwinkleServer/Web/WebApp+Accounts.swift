import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

extension WebApp {
    /// The sign-up page's fields; passwords are never sent back.
    struct SignUpContent: Sendable {
        var username = FieldView()
        var email = FieldView()
        var password = FieldView()
        var passwordConfirmation = FieldView()
        var message: String?
    }

    /// The log-in page's fields.
    struct LogInContent: Sendable {
        var username = FieldView()
        var next: String
        var message: String?
    }

    /// `/`: the home timeline for someone signed in, a welcome and the public timeline for everyone else.
    @Sendable func home(_ visit: WebVisit) async throws -> Response {
        guard visit.account == nil else { return .redirect(to: "/home") }
        return try await timelinePage(.welcome, maxID: nil, visit: visit)
    }

    @Sendable func signUpPage(_ visit: WebVisit) async throws -> Response {
        guard visit.account == nil else { return .redirect(to: "/home") }
        return renderSignUp(SignUpContent(), visit: visit)
    }

    func signUp(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.SignUp.self, request, visit: visit)
        let fields = [form.username, form.email, form.password, form.passwordConfirmation].map { $0 ?? "" }
        let signUpForm = SignUpForm(username: fields[0], email: fields[1], password: fields[2], passwordConfirmation: fields[3])
        var content = SignUpContent(username: FieldView(value: fields[0]), email: FieldView(value: fields[1]))
        let errors: [String: [String]]
        let status: HTTPResponse.Status
        do {
            let signedIn = try await services.accounts.signUp(signUpForm, client: Self.client(of: request))
            return self.signedIn(token: signedIn.token, redirectTo: "/home", visit: visit)
        } catch ServiceError.invalid(let fields, _) {
            (errors, status, content.message) = (fields, .unprocessableContent, "Please fix the fields marked below.")
        } catch ServiceError.conflict(let code, let message) where code == "username_taken" {
            (errors, status, content.message) = (["username": [message]], .conflict, message)
        }
        content.username = FieldView(value: fields[0], errors: errors["username"])
        content.email = FieldView(value: fields[1], errors: errors["email"])
        content.password = FieldView(errors: errors["password"])
        content.passwordConfirmation = FieldView(errors: errors["password_confirmation"])
        return renderSignUp(content, visit: visit, status: status)
    }

    private func renderSignUp(_ content: SignUpContent, visit: WebVisit, status: HTTPResponse.Status = .ok) -> Response {
        render("signup", content, site: SiteView(title: "Sign up", visit: visit, section: "/signup", scripts: ["signup.js"]), status: status)
    }

    func logInPage(_ request: Request, visit: WebVisit) async throws -> Response {
        let next = Self.localPath(request.uri.queryParameters.get("next"))
        guard visit.account == nil else { return .redirect(to: next) }
        return render("login", LogInContent(next: next), site: SiteView(title: "Log in", visit: visit, section: "/login"))
    }

    func logIn(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.LogIn.self, request, visit: visit)
        let username = form.username ?? ""
        let next = Self.localPath(form.next)
        let content: LogInContent
        let status: HTTPResponse.Status
        do {
            let signedIn = try await services.accounts.logIn(
                username: username, password: form.password ?? "", client: Self.client(of: request)
            )
            return self.signedIn(token: signedIn.token, redirectTo: next, visit: visit)
        } catch ServiceError.notSignedIn(let message) {
            content = LogInContent(username: FieldView(value: username), next: next, message: message)
            status = .unauthorized
        } catch ServiceError.invalid(let fields, _) {
            content = LogInContent(username: FieldView(value: username, errors: fields["username"]), next: next, message: "Enter your username and password.")
            status = .unprocessableContent
        }
        return render("login", content, site: SiteView(title: "Log in", visit: visit, section: "/login"), status: status)
    }

    func logOut(_ request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        if let token = visit.token { try await services.accounts.logOut(token: token) }
        return signedOut(redirectTo: "/", visit: visit)
    }

    /// The answer once the session is gone (logged out, or the account deleted): the cookie cleared, a new nonce.
    func signedOut(redirectTo path: String, visit: WebVisit) -> Response {
        var response = Response.redirect(to: path)
        response.setCookie(visit.cookie(SessionCookies.session, value: "", maxAge: 0))
        // A new nonce, so forms from the signed-in pages stop working.
        response.setCookie(visit.cookie(SessionCookies.csrfNonce, value: TokenIssuer.makeToken(), maxAge: WebVisit.sessionLifetime))
        return response
    }

    /// What a browser calls itself, the name its session is listed under.
    static func client(of request: Request) -> String {
        request.headers[.userAgent] ?? ""
    }

    /// The answer to a successful sign-up or log-in: the session cookie, a new CSRF nonce, and where to go next.
    func signedIn(token: String, redirectTo path: String, visit: WebVisit) -> Response {
        var response = Response.redirect(to: path)
        response.setCookie(visit.cookie(SessionCookies.session, value: token, maxAge: WebVisit.sessionLifetime))
        response.setCookie(visit.cookie(SessionCookies.csrfNonce, value: TokenIssuer.makeToken(), maxAge: WebVisit.sessionLifetime))
        return response
    }

    /// A path on this site to go to after logging in; anything else (another site, `//host`) goes home. Browsers
    /// drop tabs and line breaks from a URL and read `\` as `/`, so `/<TAB>/evil.example` or `/\evil.example` would
    /// leave the site: a path is visible ASCII without a backslash, starting with one `/` and not two.
    static func localPath(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"),
            path.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") })
        else { return "/home" }
        return path
    }
}
