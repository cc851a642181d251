import CryptoExtras
import QwinkleKit
import QwinkleStorage

/// Each account's key pair for federation: made the first time it is needed (most accounts on a server that does
/// not federate never need one, and an RSA key takes a noticeable moment to make), then kept for good.
public struct ActorKeyService: Sendable {
    let context: ServiceContext

    /// The keys kept in `context`'s storage.
    public init(context: ServiceContext) {
        self.context = context
    }

    /// The account's keys if it has any: what checks a signature in its name, which keys made now could not.
    public func kept(of account: Account.ID) async throws -> ActorKeys? {
        try await context.storage.actorKeys(of: account)
    }

    /// The account's keys: the kept ones, or new ones, made and kept now.
    public func keys(of account: Account.ID) async throws -> ActorKeys {
        if let kept = try await context.storage.actorKeys(of: account) { return kept }
        return try await context.storage.storeActorKeys(try Self.newKeys(), for: account)
    }

    /// The server's own actor's keys, made now if it has none yet.
    public func serverKeys() async throws -> ActorKeys {
        if let kept = try await context.storage.serverKeys() { return kept }
        return try await context.storage.storeServerKeys(try Self.newKeys())
    }

    /// A new pair: RSA-2048, the size Mastodon makes and requires.
    private static func newKeys() throws -> ActorKeys {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        return ActorKeys(publicKeyPEM: key.publicKey.pemRepresentation, privateKeyPEM: key.pkcs8PEMRepresentation)
    }
}
