/// An uploaded photo: its bytes are stored once, by content hash, and referred to by `id`.
public struct Photo: Hashable, Sendable, Codable, Identifiable {
    /// The identifier of a photo.
    public typealias ID = Identifier<Photo>

    /// The photo's identifier.
    public var id: ID
    /// The image type, decided from the bytes: `image/jpeg`, `image/png`, `image/webp` or `image/gif`.
    public var contentType: String
    /// The size of the stored bytes.
    public var byteSize: Int
    /// The SHA-256 of the stored bytes, lowercase hex; a downloaded copy is checked against it.
    public var sha256: String
    /// Its size as shown; `nil` for a photo stored before sizes were kept, or whose header does not say.
    public var size: PhotoSize?

    /// Describes an uploaded photo.
    public init(id: ID, contentType: String, byteSize: Int, sha256: String, size: PhotoSize? = nil) {
        self.id = id
        self.contentType = contentType
        self.byteSize = byteSize
        self.sha256 = sha256
        self.size = size
    }

    enum CodingKeys: String, CodingKey {
        case id
        case contentType = "content_type"
        case byteSize = "byte_size"
        case sha256
        case size
    }
}
