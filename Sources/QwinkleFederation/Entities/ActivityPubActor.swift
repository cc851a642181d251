/// An account as ActivityPub's `Person` actor, with what Mastodon needs of it: its inbox and collections, a shared
/// inbox, and the public key that checks what it signs.
struct ActivityPubActor: Encodable, Sendable {
    var context = ActivityPubContext.withSecurity
    var id: String
    var type = "Person"
    var preferredUsername: String
    var name: String
    var summary: String
    var url: String
    var inbox: String
    var outbox: String
    var followers: String
    var following: String
    var endpoints: Endpoints
    var manuallyApprovesFollowers = false
    var discoverable = true
    var published: String?
    var icon: Image?
    var publicKey: PublicKey

    /// Where many of the server's actors share one inbox.
    struct Endpoints: Encodable, Sendable {
        var sharedInbox: String
    }

    /// A picture.
    struct Image: Encodable, Sendable {
        var type = "Image"
        var url: String
    }

    /// The key other servers check the actor's signatures with.
    struct PublicKey: Encodable, Sendable {
        var id: String
        var owner: String
        var publicKeyPem: String
    }

    enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, preferredUsername, name, summary, url, inbox, outbox, followers, following, endpoints,
            manuallyApprovesFollowers, discoverable, published, icon, publicKey
    }
}

/// The JSON-LD contexts a document names.
enum ActivityPubContext {
    /// ActivityStreams 2.0 alone.
    static let activityStreams = "https://www.w3.org/ns/activitystreams"
    /// ActivityStreams, and the security vocabulary that defines `publicKey`.
    static let withSecurity = ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"]
}

/// An `OrderedCollection` told by its size alone (a person's followers, follows and posts): other servers show the
/// numbers; the lists themselves are not given out.
struct ActivityPubCollection: Encodable, Sendable {
    var context = ActivityPubContext.activityStreams
    var id: String
    var type = "OrderedCollection"
    var totalItems: Int

    enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, totalItems
    }
}
