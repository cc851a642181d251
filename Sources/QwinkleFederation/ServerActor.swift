import Foundation
import QwinkleServices
import QwinkleStorage
import Synchronization

/// The server's own actor (`/actor`, an `Application`), which signs what the server fetches on nobody's behalf:
/// other servers' actors and keys, which servers in secure mode give only to a signed request. Its keys are made
/// once, the first time one is needed, and kept in the database so every server sharing it signs alike.
final class ServerActor: Sendable {
    let origin: FederationOrigin
    let keys: ActorKeyService
    /// The signing key, read once.
    private let signingKey = Mutex<ActorSigningKey?>(nil)

    init(origin: FederationOrigin, keys: ActorKeyService) {
        self.origin = origin
        self.keys = keys
    }

    /// The actor's ID.
    var id: String { origin.base + "/actor" }

    /// The key that signs the server's fetches.
    func signer() async throws -> ActorSigningKey {
        if let known = signingKey.withLock({ $0 }) { return known }
        let kept = try await keys.serverKeys()
        let key = try ActorSigningKey(keyID: id + "#main-key", privateKeyPEM: kept.privateKeyPEM)
        signingKey.withLock { $0 = key }
        return key
    }

    /// The actor's document.
    func document() async throws -> ActivityPubActor {
        let kept = try await keys.serverKeys()
        return ActivityPubActor(
            id: id, type: "Application", preferredUsername: origin.domain, name: "Qwinkle", summary: "", url: origin.base + "/",
            inbox: id + "/inbox", outbox: id + "/outbox", followers: id + "/followers", following: id + "/following",
            endpoints: .init(sharedInbox: origin.base + "/inbox"), manuallyApprovesFollowers: true, discoverable: false, published: nil, icon: nil,
            publicKey: .init(id: id + "#main-key", owner: id, publicKeyPem: kept.publicKeyPEM)
        )
    }
}
