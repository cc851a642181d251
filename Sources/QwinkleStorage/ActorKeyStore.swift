import Foundation
import QwinkleKit

/// Each account's key pair for federation (ActivityPub actors sign what they send and are checked by their public
/// key). Made once per account, the first time one is needed, and kept: other servers cache the public key, so a key
/// that changed would make them refuse what the account sends until they fetch it again.
public protocol ActorKeyStore: Sendable {
    /// The account's keys, or `nil` if none were made yet.
    func actorKeys(of account: Account.ID) async throws -> ActorKeys?
    /// Keeps `keys` for the account unless it has some already, and returns the ones kept: of two servers making keys
    /// for one account at once, both then use the first stored.
    func storeActorKeys(_ keys: ActorKeys, for account: Account.ID) async throws -> ActorKeys
    /// The keys of the server's own actor, which signs what the server fetches on nobody's behalf; `nil` if none
    /// were made yet.
    func serverKeys() async throws -> ActorKeys?
    /// Keeps `keys` as the server's unless it has some already, and returns the ones kept.
    func storeServerKeys(_ keys: ActorKeys) async throws -> ActorKeys
}

/// An RSA key pair as PEM text: the public key as SubjectPublicKeyInfo (`BEGIN PUBLIC KEY`, what Mastodon publishes
/// and reads), the private key as PKCS #8. The private key never leaves the server: no archive, API or collection
/// carries it.
public struct ActorKeys: Hashable, Sendable {
    /// The public key, as other servers are given it.
    public var publicKeyPEM: String
    /// The private key.
    public var privateKeyPEM: String

    /// A key pair.
    public init(publicKeyPEM: String, privateKeyPEM: String) {
        self.publicKeyPEM = publicKeyPEM
        self.privateKeyPEM = privateKeyPEM
    }
}
