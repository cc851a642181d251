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

    /// The file name extension people and programs expect for the type, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .gif: "gif"
        }
    }
}
