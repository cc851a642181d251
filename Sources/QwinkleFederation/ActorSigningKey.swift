import Crypto
import CryptoExtras
import Foundation

/// An actor's private key, ready to sign what the actor sends: RSA with SHA-256 and PKCS #1 v1.5 padding, which is
/// what `rsa-sha256` (and `hs2019` with an RSA key) means to Mastodon and every server it talks to.
public struct ActorSigningKey: Sendable {
    /// The key's URL, which receivers fetch to check the signature.
    public let keyID: String
    private let key: _RSA.Signing.PrivateKey

    /// The key from its PEM text.
    public init(keyID: String, privateKeyPEM: String) throws {
        self.keyID = keyID
        key = try _RSA.Signing.PrivateKey(pemRepresentation: privateKeyPEM)
    }

    /// The `Signature` header's value for `request` over `names`; the request must have each of them.
    public func sign(_ request: SignedRequest, over names: [String]) throws -> String {
        guard let text = request.signingString(over: names) else { throw SignatureProblem.missingHeader }
        let signature = try key.signature(for: SHA256.hash(data: Data(text.utf8)), padding: .insecurePKCS1v1_5)
        return HTTPSignature(keyID: keyID, headers: names, signature: Array(signature.rawRepresentation)).headerValue
    }
}

/// An actor's public key, as its actor document publishes it.
public struct ActorPublicKey: Sendable {
    private let key: _RSA.Signing.PublicKey

    /// The key from its PEM text: SubjectPublicKeyInfo or PKCS #1, of at least 2,048 bits.
    public init(pem: String) throws {
        key = try _RSA.Signing.PublicKey(pemRepresentation: pem)
    }

    /// Whether `signature` was made by this key's private half over `request`.
    public func verifies(_ signature: HTTPSignature, of request: SignedRequest) -> Bool {
        guard let text = request.signingString(over: signature.headers) else { return false }
        return key.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature.signature), for: SHA256.hash(data: Data(text.utf8)), padding: .insecurePKCS1v1_5
        )
    }
}
