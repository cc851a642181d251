/// An activity this server sends: who did what to which object, and to whom it is addressed.
struct ActivityPubActivity<Object: Encodable & Sendable>: Encodable, Sendable {
    var context = "https://www.w3.org/ns/activitystreams"
    var id: String
    var type: String
    var actor: String
    var published: String?
    var to: [String]
    var cc: [String]
    var object: Object

    enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, actor, published, to, cc, object
    }
}

/// What stands in a deleted object's place.
struct ActivityPubTombstone: Encodable, Sendable {
    var id: String
    var type = "Tombstone"
}

/// The Follow an Accept answers, as it was received.
struct ActivityPubFollow: Encodable, Sendable {
    var id: String
    var type = "Follow"
    var actor: String
    var object: String
}
