import QwinkleServices
import Crypto
import Foundation

/// Cross-site request forgery protection for the web app, without storing anything.
///
/// Every browser gets a random nonce in an HttpOnly cookie. A form's token is an HMAC of the session's token (or of
/// "anonymous" before logging in) keyed by that nonce, so a token works only with the cookies it was made for: another
/// site can make the browser send the cookies but can read neither them nor the page that holds the token.
enum CSRFToken {
    /// The token pages put in forms and in `<meta name="csrf-token">`.
    static func make(nonce: String, session: String?) -> String {
        let key = SymmetricKey(data: Data(nonce.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Data("qwinkle-csrf:\(session ?? "anonymous")".utf8), using: key)
        return Data(mac).base64URLEncoded
    }

    /// Whether a submitted token was made for these cookies; compared in constant time.
    static func isValid(_ submitted: String?, nonce: String?, session: String?) -> Bool {
        guard let submitted, let nonce, !nonce.isEmpty else { return false }
        let expected = Array(make(nonce: nonce, session: session).utf8)
        let given = Array(submitted.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
