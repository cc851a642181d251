/// An activity this server sends: who did what to which object, and to whom it is addressed.
struct ActivityPubActivity<Object: Encodable & Sendable>: Encodable, Sendable {
    var context = ActivityPubContext.activityStreams
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

/// An activity on a collection: an Add of an object to it, or a Remove from it (a pin and an unpin, to the actor's
/// `featured` collection).
struct ActivityPubTargeted: Encodable, Sendable {
    var context = ActivityPubContext.activityStreams
    var id: String
    var type: String
    var actor: String
    var published: String
    var to: [String]
    var cc: [String]
    var object: String
    var target: String

    enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, actor, published, to, cc, object, target
    }
}

/// What stands in a deleted object's place.
struct ActivityPubTombstone: Encodable, Sendable {
    var id: String
    var type = "Tombstone"
}

/// An activity whose object is named by its ID alone: a Follow (sent, or received and answered by an Accept), a Like.
struct ActivityPubReferring: Encodable, Sendable {
    /// The JSON-LD context, for an activity sent on its own; `nil` inside another activity.
    var context: String?
    var id: String
    var type = "Follow"
    var actor: String
    var object: String

    enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, actor, object
    }
}

/// A report sent to the reported person's server: the server's own actor flags them and some of their notes, with
/// the reporter's comment and nothing of who the reporter is, as Mastodon forwards a report.
struct ActivityPubFlag: Encodable, Sendable {
    var context = ActivityPubContext.activityStreams
    var id: String
    var type = "Flag"
    var actor: String
    var content: String
    /// The reported actor first, then the notes.
    var object: [String]

    enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, actor, content, object
    }
}
