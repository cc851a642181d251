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

    /// Fetches the document at the key's URL and finds the key in it; the key is taken only when its owner's actor
    /// document lists it by its ID. A document that merely says it holds an actor's key proves nothing: anything
    /// served on the actor's server (an uploaded file, another account's document) could say so, and would then
    /// sign as that actor (the class of Mastodon's CVE-2024-23832).
    private func fetch(_ keyID: String) async throws(SignatureProblem) -> SignerKey {
        let url = String(keyID.prefix { $0 != "#" })
        let document = try await fetchDocument(url)
        // The actor lists its key (or keys), as Mastodon's `…#main-key`; a key served on its own says who owns it.
        let listed = Self.keys(in: document)
        let key: [String: Any]
        if let listed {
            guard let found = listed.first(where: { ($0["id"] as? String) == keyID }) else { throw .unknownKey }
            key = found
        } else {
            guard ReceivedActivity.id(of: document) == keyID else { throw .unknownKey }
            key = document
        }
        guard let owner = key["owner"] as? String ?? ReceivedActivity.id(of: document),
            // A server speaks for its own actors only: a key whose owner lives elsewhere would let it sign as them.
            Self.origin(of: owner) == Self.origin(of: keyID)
        else { throw .unknownKey }
        // Fetched from the owner's own URL and listing the key: the actor's document itself.
        if listed != nil, ReceivedActivity.id(of: document) == owner, owner == url {
            return try Self.signerKey(key, owner: owner)
        }
        // Anything else is believed only if the owner's actor document lists the same key ID.
        let actor = try await fetchDocument(owner)
        guard ReceivedActivity.id(of: actor) == owner, let listedByOwner = Self.keys(in: actor)?.first(where: { ($0["id"] as? String) == keyID }) else {
            throw .unknownKey
        }
        return try Self.signerKey(listedByOwner, owner: owner)
    }

    /// The JSON object at `url`, fetched signed by the server's actor.
    private func fetchDocument(_ url: String) async throws(SignatureProblem) -> [String: Any] {
        do {
            return try await fetcher.document(at: url, signedBy: try await serverActor.signer())
        } catch {
            throw .unknownKey
        }
    }

    /// The keys an actor's document lists (`publicKey`, one or several); `nil` when it lists none.
    private static func keys(in document: [String: Any]) -> [[String: Any]]? {
        if let one = document["publicKey"] as? [String: Any] { return [one] }
        return document["publicKey"] as? [[String: Any]]
    }

    /// The key a listed key object holds, for `owner`; a key object that names another owner is refused.
    private static func signerKey(_ key: [String: Any], owner: String) throws(SignatureProblem) -> SignerKey {
        guard (key["owner"] as? String).map({ $0 == owner }) ?? true, let pem = key["publicKeyPem"] as? String,
            let publicKey = try? ActorPublicKey(pem: pem)
        else { throw .unknownKey }
        return SignerKey(owner: owner, publicKey: publicKey)
    }
}
