extension EntryContent: Codable {
    enum CodingKeys: String, CodingKey {
        case kind
        case body
        case photos
        case visibility
        case dream
    }

    /// Decodes the API's JSON: `kind` is `update`, `journal` or `dream`, and `dream` holds the details exactly
    /// when the kind is `dream`. `photos` may be left out, for none. The photo count is not checked here:
    /// the length rule judges it, so an edit with too many photos gets that clear reason.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        body = try container.decode(String.self, forKey: .body)
        photos = try container.decodeIfPresent([AttachedPhoto].self, forKey: .photos) ?? []
        visibility = try container.decode(Visibility.self, forKey: .visibility)
        kind = try Self.decodeKind(from: container)
    }

    private static func decodeKind(from container: KeyedDecodingContainer<CodingKeys>) throws -> Entry.Kind {
        let name = try container.decode(Entry.Kind.Name.self, forKey: .kind)
        let details = try container.decodeIfPresent(DreamDetails.self, forKey: .dream)
        do {
            return try Entry.Kind(name, dream: details)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .dream, in: container, debugDescription: error.message)
        }
    }

    /// Encodes the API's JSON, with `dream` present only for a dream.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.name, forKey: .kind)
        try container.encode(body, forKey: .body)
        try container.encode(photos, forKey: .photos)
        try container.encode(visibility, forKey: .visibility)
        try container.encodeIfPresent(dream, forKey: .dream)
    }
}
