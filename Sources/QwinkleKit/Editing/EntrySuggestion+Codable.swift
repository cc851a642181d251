extension EntrySuggestion: Codable {
    enum CodingKeys: String, CodingKey {
        case baseRevision = "base_revision"
    }

    /// Decodes `{"base_revision": 3, "kind": …, "body": …, "visibility": …, "photos": […], "dream": …}`:
    /// the content's fields (see `EntryContent`) beside the revision. A revision below 1 is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        baseRevision = try container.decode(Int.self, forKey: .baseRevision)
        guard baseRevision >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .baseRevision, in: container, debugDescription: "A revision number starts at 1."
            )
        }
        content = try EntryContent(from: decoder)
    }

    /// Encodes the content's fields and `base_revision` in one object.
    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(baseRevision, forKey: .baseRevision)
    }
}
