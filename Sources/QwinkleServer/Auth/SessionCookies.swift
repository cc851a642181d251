import Foundation
import HTTPTypes

/// The web app's two cookies: the session (the same kind of token the API takes as a bearer token) and the nonce
/// its CSRF tokens are made with. Both are HttpOnly and SameSite=Lax.
enum SessionCookies {
    /// The session token's cookie.
    static let session = "qwinkle_session"
    /// The CSRF nonce's cookie.
    static let csrfNonce = "qwinkle_csrf"
    /// The header page scripts send the CSRF token in.
    static let csrfHeader = "X-CSRF-Token"

    /// The CSRF token a script sent in its header.
    static func csrfToken(in headers: HTTPFields) -> String? {
        HTTPField.Name(csrfHeader).flatMap { headers[$0] }
    }

    /// The value of one cookie in a request's `Cookie` headers.
    static func value(of name: String, in headers: HTTPFields) -> String? {
        for header in headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }
}
