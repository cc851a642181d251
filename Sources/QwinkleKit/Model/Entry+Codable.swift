import Foundation

extension Entry: Codable {
    enum CodingKeys: String, CodingKey {
        case id
        case author = "author_id"
        case kind
        case body
        case photos
        case visibility
        case revision
        case createdAt = "created_at"
        case editedAt = "edited_at"
        case dream
    }

    /// Decodes the API's JSON: `kind` is `update`, `journal` or `dream`, and `dream` holds the details exactly
    /// when the kind is `dream`. More than `maxPhotos` photos, or a revision below 1, is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ID.self, forKey: .id)
        author = try container.decode(Account.ID.self, forKey: .author)
        body = try container.decode(String.self, forKey: .body)
        photos = try container.decodeIfPresent([AttachedPhoto].self, forKey: .photos) ?? []
        visibility = try container.decode(Visibility.self, forKey: .visibility)
        revision = try container.decode(Int.self, forKey: .revision)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        editedAt = try container.decodeIfPresent(Date.self, forKey: .editedAt)
        kind = try Self.decodeKind(from: container)

        guard photos.count <= Self.maxPhotos else {
            throw DecodingError.dataCorruptedError(
                forKey: .photos, in: container,
                debugDescription: "An entry has at most \(Self.maxPhotos) photos, not \(photos.count)."
            )
        }
        guard revision >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .revision, in: container, debugDescription: "A revision number starts at 1."
            )
        }
    }

    private static func decodeKind(from container: KeyedDecodingContainer<CodingKeys>) throws -> Kind {
        let name = try container.decode(Kind.Name.self, forKey: .kind)
        let details = try container.decodeIfPresent(DreamDetails.self, forKey: .dream)
        switch (name, details) {
        case (.update, nil): return .update
        case (.journal, nil): return .journal
        case (.dream, let details?): return .dream(details)
        case (.dream, nil):
            throw DecodingError.dataCorruptedError(
                forKey: .dream, in: container, debugDescription: "A dream entry needs its dream details."
            )
        case (.update, _?), (.journal, _?):
            throw DecodingError.dataCorruptedError(
                forKey: .dream, in: container, debugDescription: "Only a dream entry has dream details."
            )
        }
    }

    /// Encodes the API's JSON, with `dream` present only for a dream.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(author, forKey: .author)
        try container.encode(kind.name, forKey: .kind)
        try container.encode(body, forKey: .body)
        try container.encode(photos, forKey: .photos)
        try container.encode(visibility, forKey: .visibility)
        try container.encode(revision, forKey: .revision)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(editedAt, forKey: .editedAt)
        try container.encodeIfPresent(dream, forKey: .dream)
    }
}
