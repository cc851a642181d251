extension ImageType {
    /// The sanitizer that reads this type's structure.
    var formatSanitizer: any FormatSanitizer.Type {
        switch self {
        case .jpeg: JPEGSanitizer.self
        case .png: PNGSanitizer.self
        case .webp: WebPSanitizer.self
        case .gif: GIFSanitizer.self
        }
    }

    /// The name people know the format by, for error messages.
    var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .gif: "GIF"
        }
    }
}
