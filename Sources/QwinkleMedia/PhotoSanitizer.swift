import Foundation

/// Cleans an uploaded photo before it is hashed and stored: decides its type from its bytes, checks its
/// structure, and removes the metadata a camera or editor wrote into it (EXIF with GPS, XMP, comments),
/// keeping what affects how the picture looks (colour profiles, JFIF and Adobe colour transforms, orientation).
///
/// Hostile input gives a `PhotoError`: the work is one pass over the bytes, every read is bounds-checked, and
/// every step moves forward, so no input can crash, loop or take more than linear time.
public struct PhotoSanitizer: Sendable {
    /// Creates a sanitizer.
    public init() {}

    /// Returns the photo without its metadata, or why the bytes are not a photo Qwinkle stores.
    public func sanitize(_ bytes: [UInt8]) throws(PhotoError) -> SanitizedPhoto {
        guard let type = ImageType.detect(bytes) else { throw .unsupportedType }
        return SanitizedPhoto(type: type, bytes: try type.formatSanitizer.sanitize(bytes))
    }

    /// Returns the photo without its metadata, or why the bytes are not a photo Qwinkle stores.
    public func sanitize(_ data: Data) throws(PhotoError) -> SanitizedPhoto {
        try sanitize([UInt8](data))
    }
}
