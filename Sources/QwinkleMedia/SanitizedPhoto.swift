import Foundation

/// A photo's bytes with their metadata removed, ready to be hashed and stored.
public struct SanitizedPhoto: Hashable, Sendable {
    /// The image type, decided from the bytes.
    public var type: ImageType
    /// The cleaned image: the same picture, without EXIF, GPS, XMP or comments.
    public var bytes: [UInt8]

    /// Pairs cleaned bytes with their type.
    public init(type: ImageType, bytes: [UInt8]) {
        self.type = type
        self.bytes = bytes
    }

    /// The cleaned image as `Data`, for APIs that take it.
    public var data: Data { Data(bytes) }
}
