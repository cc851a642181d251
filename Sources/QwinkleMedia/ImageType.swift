/// The image types Qwinkle stores, each recognised from the bytes themselves, never from a declared type.
public enum ImageType: String, Hashable, Sendable, CaseIterable {
    /// JPEG.
    case jpeg
    /// PNG.
    case png
    /// WebP.
    case webp
    /// GIF.
    case gif

    /// The MIME type to serve the image with.
    public var contentType: String { "image/\(rawValue)" }
}
