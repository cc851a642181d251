import Crypto
import Foundation

/// The `Digest` header of a body (RFC 3230, as Mastodon sends it): `SHA-256=` and the base64 of its SHA-256.
public enum BodyDigest {
    /// The header's value for `body`.
    public static func header(for body: some DataProtocol) -> String {
        "SHA-256=" + Data(SHA256.hash(data: body)).base64EncodedString()
    }

    /// Whether `header` (one or more comma-separated `algorithm=value` pairs) gives `body`'s SHA-256. A header
    /// without SHA-256 does not match: it is the one algorithm every server sends.
    public static func matches(_ header: String, body: some DataProtocol) -> Bool {
        let expected = Data(SHA256.hash(data: body)).base64EncodedString()
        return header.split(separator: ",").contains { pair in
            guard let equals = pair.firstIndex(of: "=") else { return false }
            let algorithm = pair[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            return algorithm == "sha-256" && pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces) == expected
        }
    }
}
