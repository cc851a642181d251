import QwinkleMedia
import Testing

@Suite("WebP metadata removal")
struct WebPSanitizerTests {
    typealias T = TestImages
    let sanitizer = PhotoSanitizer()

    @Test("EXIF and XMP chunks go with their pad bytes, their VP8X flags are cleared, and the RIFF size is rewritten")
    func removesMetadataChunks() throws {
        let input = T.webp([T.vp8x(flags: 0x20 | 0x08 | 0x04), T.iccpChunk, T.vp8l, T.exifChunk, T.xmpChunk])
        let photo = try sanitizer.sanitize(input)
        #expect(photo.type == .webp)
        #expect(photo.bytes == T.webp([T.vp8x(flags: 0x20), T.iccpChunk, T.vp8l]))
        #expect(photo.bytes[4..<8].elementsEqual(T.littleEndian32(UInt32(photo.bytes.count - 8))))
        #expect(!photo.bytes.contains(T.ascii("secret")))
    }

    @Test("A WebP without metadata comes out byte for byte, simple or extended", arguments: [
        T.webp([T.vp8l]), T.webp([T.vp8x(flags: 0x20), T.iccpChunk, T.vp8l]),
    ])
    func cleanFileUnchanged(input: [UInt8]) throws {
        #expect(try sanitizer.sanitize(input).bytes == input)
    }

    @Test("Bytes after the RIFF container are not kept")
    func dropsTrailingBytes() throws {
        let picture = T.webp([T.vp8l])
        #expect(try sanitizer.sanitize(picture + T.exifChunk).bytes == picture)
    }

    static let brokenFiles: [(String, [UInt8], PhotoError)] = [
        ("a RIFF size beyond the file", T.ascii("RIFF") + T.littleEndian32(1_000) + T.ascii("WEBP") + T.vp8l, .truncated(.webp, offset: 38)),
        ("a chunk size of 4 GiB", T.webp([T.ascii("VP8L") + T.littleEndian32(0xFFFF_FFFF)]), .truncated(.webp, offset: 20)),
        ("a chunk missing its pad byte", T.webp([T.vp8l.dropLast()]), .truncated(.webp, offset: 37)),
        ("a first chunk that is not an image", T.webp([T.exifChunk, T.vp8l]),
         .malformed(.webp, offset: 12, reason: "the first chunk is EXIF, not an image or VP8X")),
        ("VP8X after the first chunk", T.webp([T.vp8l, T.vp8x(flags: 0)]),
         .malformed(.webp, offset: 38, reason: "the VP8X header is misplaced or too short")),
        ("a short VP8X", T.webp([T.riffChunk("VP8X", [0, 0]), T.vp8l]),
         .malformed(.webp, offset: 12, reason: "the VP8X header is misplaced or too short")),
        ("no image", T.webp([T.vp8x(flags: 0), T.iccpChunk]), .malformed(.webp, offset: 58, reason: "the file holds no image")),
        ("an unprintable chunk name", T.webp([T.vp8l, T.riffChunk("\u{1}\u{2}\u{3}\u{4}", [])]),
         .malformed(.webp, offset: 38, reason: "a chunk name is not printable")),
    ]

    @Test("A broken WebP is refused with where and why", arguments: brokenFiles)
    func refusesBrokenFiles(_ name: String, bytes: [UInt8], error: PhotoError) {
        #expect(throws: error) { try sanitizer.sanitize(bytes) }
    }
}
