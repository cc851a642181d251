/// Why uploaded bytes cannot be stored as a photo. The server answers `unsupportedType` with 415 and the others
/// with a 4xx that tells the person their file is damaged; none of them is the server's fault.
public enum PhotoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a JPEG, PNG, WebP or GIF image.
    case unsupportedType
    /// The image ends before its own structure says it should: the upload was cut short.
    case truncated(ImageType, offset: Int)
    /// The image's structure is broken at `offset`, for the given reason.
    case malformed(ImageType, offset: Int, reason: String)
    /// A PNG chunk's bytes do not match its CRC: the file was damaged after it was written.
    case checksumMismatch(ImageType, chunk: String, offset: Int)

    /// A one-line explanation a person can act on.
    public var description: String {
        switch self {
        case .unsupportedType:
            "The file is not a JPEG, PNG, WebP or GIF image."
        case .truncated(let type, let offset):
            "The \(type.name) image is cut short at byte \(offset)."
        case .malformed(let type, let offset, let reason):
            "The \(type.name) image is damaged at byte \(offset): \(reason)."
        case .checksumMismatch(let type, let chunk, let offset):
            "The \(type.name) image is damaged: its \(chunk) chunk at byte \(offset) fails its checksum."
        }
    }
}
