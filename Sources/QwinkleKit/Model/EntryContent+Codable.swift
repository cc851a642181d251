extension EntryContent: Codable {
    enum CodingKeys: String, CodingKey {
        case kind
        case body
        case photos
        case sensitive
        case visibility
        case dream
        case html
        case language
        case linkedMedia = "linked_media"
    }

    /// Decodes the API's JSON: `kind` is `update`, `journal` or `dream`, `dream` holds the details exactly
    /// when the kind is `dream`, `sensitive` is left out for `false`, and each line is a property of its name, left
    /// out when absent; `html`, `language` and `linked_media` are there only for a note of another server. `photos` may be left out, for none. The photo count is not checked here:
    /// the length rule judges it, so an edit with too many photos gets that clear reason.
    public init(from decoder: any Decoder) throws {
        try self.init(allButPhotosFrom: decoder)
        photos = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([AttachedPhoto].self, forKey: .photos) ?? []
    }

    /// Decodes every field but the photos, for a shape that keeps its photos its own way beside the content's
    /// fields (an archive names files); the content has no photos.
    public init(allButPhotosFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            kind: try Self.decodeKind(from: container), body: try container.decode(String.self, forKey: .body),
            visibility: try container.decode(Visibility.self, forKey: .visibility)
        )
        sensitive = try container.decodeIfPresent(Bool.self, forKey: .sensitive) ?? false
        html = try container.decodeIfPresent(String.self, forKey: .html)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        linkedMedia = try container.decodeIfPresent([LinkedMedia].self, forKey: .linkedMedia) ?? []
        let lines = try decoder.container(keyedBy: NamedCodingKey.self)
        for line in ContentLine.allCases {
            self[line: line] = try lines.decodeIfPresent(String.self, forKey: NamedCodingKey(line.rawValue))
        }
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
        try encodeAllButPhotos(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(photos, forKey: .photos)
    }

    /// Encodes every field but the photos, for a shape that writes its photos its own way beside them.
    public func encodeAllButPhotos(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.name, forKey: .kind)
        try container.encode(body, forKey: .body)
        try container.encode(visibility, forKey: .visibility)
        try container.encodeIfPresent(dream, forKey: .dream)
        if sensitive { try container.encode(true, forKey: .sensitive) }
        try container.encodeIfPresent(html, forKey: .html)
        try container.encodeIfPresent(language, forKey: .language)
        if !linkedMedia.isEmpty { try container.encode(linkedMedia, forKey: .linkedMedia) }
        var lines = encoder.container(keyedBy: NamedCodingKey.self)
        for line in ContentLine.allCases {
            try lines.encodeIfPresent(self[line: line], forKey: NamedCodingKey(line.rawValue))
        }
    }
}
