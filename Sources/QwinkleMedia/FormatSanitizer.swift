/// One image format's metadata removal. `PhotoSanitizer` picks the conformer once, from the detected type,
/// so no caller branches on the format.
protocol FormatSanitizer {
    /// Returns the image without its metadata. The bytes already start with the format's magic.
    static func sanitize(_ bytes: [UInt8]) throws(PhotoError) -> [UInt8]
}
