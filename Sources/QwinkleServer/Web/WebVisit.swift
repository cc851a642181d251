import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

/// One browser request as the web app sees it: who is signed in, and the cookies its answer must set.
struct WebVisit: Sendable {
    /// The path and query asked for, to come back to after logging in.
    let target: String
    /// The session token from the cookie, if it is still valid.
    let token: String?
    /// The signed-in account.
    let account: Account?
    /// The CSRF nonce: the browser's, or a new one to set.
    let nonce: String
    /// Whether the nonce is new, so the answer must set its cookie.
    let isNewNonce: Bool
    /// Whether the browser sent a session cookie that is no longer valid, so the answer must clear it.
    let clearsSession: Bool
    /// Whether the page was asked for over HTTPS, so cookies are `Secure`.
    let isSecure: Bool
    /// The signed-in account's unread notifications, for the header.
    var unreadNotifications = 0

    /// The CSRF token for this page's forms and scripts.
    var csrfToken: String { CSRFToken.make(nonce: nonce, session: token) }

    /// The signed-in account, already read for this visit; a visitor is sent to log in (401).
    func signedInAccount() throws -> Account {
        guard let account else { throw ServiceError.signInFirst }
        return account
    }

    /// Whether a submitted form (or a script's header) carries this visit's CSRF token.
    func acceptsCSRFToken(_ token: String?) -> Bool {
        CSRFToken.isValid(token, nonce: nonce, session: self.token)
    }

    /// A cookie with the web app's attributes: HttpOnly, SameSite=Lax, for the whole site, Secure over HTTPS.
    func cookie(_ name: String, value: String, maxAge: Int) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: isSecure, httpOnly: true, sameSite: .lax)
    }

    /// How long a web session lasts without being used to log in again.
    static let sessionLifetime = 30 * 24 * 60 * 60
}

extension WebVisit {
    /// Whether a request came over HTTPS, directly or through a proxy that says so.
    static func isSecure(_ request: Request) -> Bool {
        if request.uri.scheme?.rawValue == "https" { return true }
        let forwarded = HTTPField.Name("X-Forwarded-Proto").flatMap { request.headers[$0] }
        return forwarded?.lowercased() == "https"
    }
}
