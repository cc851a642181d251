import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import Synchronization

/// The public keys signatures name, by key ID: this server's own accounts' from storage, other servers' fetched from
/// their actors and kept, since every activity a server sends names the same key. A kept key that no longer checks a
/// signature is fetched again once (its actor may have changed keys) before the signature is refused.
final class SignerKeys: Sendable {
    /// A key and the actor it belongs to.
    struct SignerKey: Sendable {
        /// The actor who signs with it.
        var owner: String
        /// The key, read once from the PEM its actor publishes.
        var publicKey: ActorPublicKey
    }

    let origin: FederationOrigin
    let services: Services
    let fetcher: RemoteFetcher
    /// Signs the fetches of keys, for servers that give their actors only to a signed request.
    let serverActor: ServerActor
    /// Other servers' keys fetched so far; forgotten all at once when there are too many, then fetched as needed.
    private let kept = Mutex<[String: SignerKey]>([:])
    private static let capacity = 10_000

    init(origin: FederationOrigin, services: Services, fetcher: RemoteFetcher, serverActor: ServerActor) {
        self.origin = origin
        self.services = services
        self.fetcher = fetcher
        self.serverActor = serverActor
    }

    /// The key `keyID` names: kept, or fetched now (`fresh` fetches it again even if kept).
    func key(_ keyID: String, fresh: Bool = false) async throws(SignatureProblem) -> SignerKey {
        if let local = try await localKey(keyID) { return local }
        if !fresh, let known = kept.withLock({ $0[keyID] }) { return known }
        let key = try await fetch(keyID)
        kept.withLock { keys in
            if keys.count >= Self.capacity { keys.removeAll(keepingCapacity: true) }
            keys[keyID] = key
        }
        return key
    }

    /// One of this server's own accounts' keys, read from storage rather than over HTTP; `nil` for another server's.
    private func localKey(_ keyID: String) async throws(SignatureProblem) -> SignerKey? {
        guard keyID.lowercased().hasPrefix(origin.base + "/") else { return nil }
        guard let username = origin.username(inActorURL: keyID) else { throw .unknownKey }
        do {
            let account = try await services.accounts.account(username: username)
            guard let keys = try await services.actorKeys.kept(of: account.id) else { throw SignatureProblem.unknownKey }
            return SignerKey(owner: origin.actorURL(account.username), publicKey: try ActorPublicKey(pem: keys.publicKeyPEM))
        } catch {
            throw .unknownKey
        }
    }

    /// `scheme://host[:port]` of a URL, lowercased; `nil` if it has none.
    static func origin(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "#" && $0 != "?" }
        return authority.isEmpty ? nil : (url[..<schemeEnd.upperBound] + authority).lowercased()
    }

    /// Fetches the document at the key's URL (the actor, for Mastodon's `…#main-key`) and finds the key in it.
    private func fetch(_ keyID: String) async throws(SignatureProblem) -> SignerKey {
        let url = String(keyID.prefix { $0 != "#" })
        let document: [String: Any]
        do {
            document = try await fetcher.document(at: url, signedBy: try await serverActor.signer())
        } catch {
            throw .unknownKey
        }
        // The actor lists its key (or keys); a key fetched on its own says who owns it.
        let candidates: [[String: Any]] = if let one = document["publicKey"] as? [String: Any] {
            [one]
        } else if let many = document["publicKey"] as? [[String: Any]] {
            many
        } else {
            [document]
        }
        guard let key = candidates.first(where: { ($0["id"] as? String) == keyID }) ?? candidates.first,
            let pem = key["publicKeyPem"] as? String,
            let owner = key["owner"] as? String ?? document["id"] as? String,
            // A server speaks for its own actors only: a key whose owner lives elsewhere would let it sign as them.
            Self.origin(of: owner) == Self.origin(of: keyID),
            let publicKey = try? ActorPublicKey(pem: pem)
        else { throw .unknownKey }
        return SignerKey(owner: owner, publicKey: publicKey)
    }
}
