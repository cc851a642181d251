/// An account as ActivityPub's `Person` actor, with what Mastodon needs of it: its inbox and collections, a shared
/// inbox, and the public key that checks what it signs.
struct ActivityPubActor: Encodable, Sendable {
    var context = ActivityPubContext.actor
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
    /// The collection of the entries the account pinned to its profile (Mastodon's term, `toot:featured`); a
    /// person's only.
    var featured: String? = nil
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
        case context = "@context", id, type, preferredUsername, name, summary, url, inbox, outbox, followers, following, featured, endpoints,
            manuallyApprovesFollowers, discoverable, published, icon, publicKey
    }
}

/// The JSON-LD contexts a document names.
enum ActivityPubContext {
    /// ActivityStreams 2.0 alone.
    static let activityStreams = "https://www.w3.org/ns/activitystreams"
    /// ActivityStreams, and the security vocabulary that defines `publicKey`.
    static let withSecurity = ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"]
    /// An actor's: `withSecurity`, and Mastodon's vocabulary for the terms ActivityStreams lacks (`featured`).
    static let actor = Terms(
        uris: withSecurity, terms: ["toot": .prefix("http://joinmastodon.org/ns#"), "featured": .property(id: "toot:featured", type: "@id")]
    )

    /// Context URIs followed by an object defining terms, as JSON-LD writes a context with terms of its own.
    struct Terms: Encodable, Sendable {
        var uris: [String]
        var terms: [String: Term]

        /// A term: a prefix's IRI, or a property's IRI and type.
        enum Term: Encodable, Sendable {
            case prefix(String)
            case property(id: String, type: String)

            func encode(to encoder: any Encoder) throws {
                switch self {
                case .prefix(let iri):
                    var container = encoder.singleValueContainer()
                    try container.encode(iri)
                case .property(let id, let type):
                    var container = encoder.singleValueContainer()
                    try container.encode(["@id": id, "@type": type])
                }
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for uri in uris { try container.encode(uri) }
            try container.encode(terms)
        }
    }
}

/// The entries an account pinned, as the `OrderedCollection` of its `featured` collection: the notes themselves, as
/// Mastodon gives them, so another server shows them on the profile without fetching each.
struct ActivityPubFeatured: Encodable, Sendable {
    var context = ActivityPubContext.activityStreams
    var id: String
    var type = "OrderedCollection"
    var totalItems: Int
    var orderedItems: [ActivityPubNote]

    enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, totalItems, orderedItems
    }
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
