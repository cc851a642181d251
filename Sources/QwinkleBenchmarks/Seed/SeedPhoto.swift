/// A photo file stored in the seeded folder, which many photo records share as uploads of the same bytes do.
struct SeedPhoto {
    /// The bytes' SHA-256, lowercase hex: where the file is and what the record says.
    let sha256: String
    /// The media type the server answers with.
    let contentType: String
    /// The file's size in bytes.
    let byteSize: Int
}
