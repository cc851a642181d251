import Crypto
import Foundation

/// The SHA-256 of a token in lowercase hex: what the server stores in place of the token.
func tokenHash(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
}
