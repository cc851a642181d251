import Crypto
import Foundation
import QwinkleStorage

/// Bearer tokens: 256 random bits for the client, only their SHA-256 for the database.
package enum TokenIssuer {
    /// A new token, URL-safe base64 without padding.
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64URLEncoded
    }

    /// What the database keeps of a token.
    package static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).hexString
    }
}

extension Data {
    /// URL-safe base64 without padding (RFC 4648 §5), fit for cookies, headers and form fields as it is.
    package var base64URLEncoded: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
