extension ImageType {
    /// The type whose magic bytes the data starts with, or `nil` for anything else: a declared content
    /// type or file name is never trusted.
    public static func detect(_ bytes: some Collection<UInt8>) -> ImageType? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        // RIFF is a container for many formats (WAVE, AVI…); only the form type at bytes 8–11 says WebP.
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), head[8...].elementsEqual("WEBP".utf8) { return .webp }
        return nil
    }
}
