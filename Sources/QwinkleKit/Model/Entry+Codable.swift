import Foundation

extension Entry: Codable {
    enum CodingKeys: String, CodingKey {
        case id
        case author = "author_id"
        case revision
        case createdAt = "created_at"
        case editedAt = "edited_at"
        case importedAt = "imported_at"
        case reply = "in_reply_to"
        case mentions
    }

    /// Decodes the API's JSON: the content's fields (see `EntryContent`) beside the entry's own. More than
    /// `maxPhotos` photos, or a revision below 1, is an error: a stored entry never breaks those rules.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ID.self, forKey: .id)
        author = try container.decode(Account.ID.self, forKey: .author)
        revision = try container.decode(Int.self, forKey: .revision)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        editedAt = try container.decodeIfPresent(Date.self, forKey: .editedAt)
        importedAt = try container.decodeIfPresent(Date.self, forKey: .importedAt)
        reply = try container.decodeIfPresent(EntryReply.self, forKey: .reply)
        mentions = try container.decodeIfPresent([Mention].self, forKey: .mentions) ?? []
        // The content reads its own keys from the same JSON object.
        content = try EntryContent(from: decoder)

        guard photos.count <= Self.maxPhotos else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath + [EntryContent.CodingKeys.photos],
                debugDescription: "An entry has at most \(Self.maxPhotos) photos, not \(photos.count)."
            ))
        }
        guard revision >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .revision, in: container, debugDescription: "A revision number starts at 1."
            )
        }
    }

    /// Encodes the API's JSON, with `dream` present only for a dream.
    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(author, forKey: .author)
        try container.encode(revision, forKey: .revision)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(editedAt, forKey: .editedAt)
        try container.encodeIfPresent(importedAt, forKey: .importedAt)
        try container.encodeIfPresent(reply, forKey: .reply)
        if !mentions.isEmpty { try container.encode(mentions, forKey: .mentions) }
    }
}
