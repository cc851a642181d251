import QwinkleKit

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
    /// The content's lines, each under its own property (`ContentLine+ActivityStreams`).
    var lines: [ContentLine: String] = [:]

    /// A mention or a hashtag.
    struct Tag: Encodable, Sendable {
        var type: String
        var href: String
        var name: String
    }

    /// A photo, with its alt text as `name` and its size when it is known.
    struct Attachment: Encodable, Sendable {
        var type = "Image"
        var mediaType: String?
        var url: String
        var name: String?
        var width: Int?
        var height: Int?
    }

    enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, attributedTo, content, published, updated, url, to, cc, inReplyTo, sensitive, tag, attachment
    }

    /// The note's properties, then each line's.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(context, forKey: .context)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(attributedTo, forKey: .attributedTo)
        try container.encode(content, forKey: .content)
        try container.encode(published, forKey: .published)
        try container.encodeIfPresent(updated, forKey: .updated)
        try container.encode(url, forKey: .url)
        try container.encode(to, forKey: .to)
        try container.encode(cc, forKey: .cc)
        try container.encodeIfPresent(inReplyTo, forKey: .inReplyTo)
        try container.encode(sensitive, forKey: .sensitive)
        try container.encode(tag, forKey: .tag)
        try container.encode(attachment, forKey: .attachment)
        var lineContainer = encoder.container(keyedBy: NamedCodingKey.self)
        for line in ContentLine.allCases {
            guard let text = lines[line] else { continue }
            let written = line.activityStreams(text)
            try lineContainer.encode(written.value, forKey: NamedCodingKey(written.property))
        }
    }
}
