/// An entry as ActivityPub's `Note`.
struct ActivityPubNote: Encodable, Sendable {
    /// The JSON-LD context: given on a note fetched on its own, left out inside an activity, which gives it.
    var context: String? = "https://www.w3.org/ns/activitystreams"
    var id: String
    var type = "Note"
    var attributedTo: String
    var content: String
    var published: String
    var updated: String?
    var url: String
    var to: [String]
    var cc: [String]
    var inReplyTo: String?
    var sensitive = false
    var tag: [Tag]
    var attachment: [Attachment]

    /// A mention or a hashtag.
    struct Tag: Encodable, Sendable {
        var type: String
        var href: String
        var name: String
    }

    /// A photo, with its alt text as `name`.
    struct Attachment: Encodable, Sendable {
        var type = "Image"
        var mediaType: String?
        var url: String
        var name: String?
    }

    enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, attributedTo, content, published, updated, url, to, cc, inReplyTo, sensitive, tag, attachment
    }
}
