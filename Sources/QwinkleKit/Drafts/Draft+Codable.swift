import Foundation

extension Draft: Codable {
    enum CodingKeys: String, CodingKey {
        case id
        case owner = "owner_id"
        case revision
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Decodes the API's JSON: the content's fields (see `EntryContent`) beside the draft's own. A revision below 1
    /// is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ID.self, forKey: .id)
        owner = try container.decode(Account.ID.self, forKey: .owner)
        revision = try container.decode(Int.self, forKey: .revision)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        content = try EntryContent(from: decoder)
        guard revision >= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .revision, in: container, debugDescription: "A revision number starts at 1.")
        }
    }

    /// Encodes the API's JSON, with `dream` present only for a dream.
    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(owner, forKey: .owner)
        try container.encode(revision, forKey: .revision)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
