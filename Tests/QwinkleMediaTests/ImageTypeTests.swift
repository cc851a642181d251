import QwinkleMedia
import Testing

@Suite("Image type detection")
struct ImageTypeTests {
    typealias T = TestImages

    @Test("Each image type has its MIME type")
    func contentTypes() {
        #expect(ImageType.allCases.map(\.contentType) == ["image/jpeg", "image/png", "image/webp", "image/gif"])
    }

    static let recognised: [([UInt8], ImageType)] = [
        ([0xFF, 0xD8, 0xFF], .jpeg),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], .jpeg),
        (T.pngSignature, .png),
        (T.ascii("GIF87a"), .gif),
        (T.ascii("GIF89a") + [1, 0], .gif),
        (T.ascii("RIFF") + [0, 0, 0, 0] + T.ascii("WEBP"), .webp),
    ]

    @Test("The type comes from the magic bytes", arguments: recognised)
    func detects(bytes: [UInt8], type: ImageType) {
        #expect(ImageType.detect(bytes) == type)
        #expect(ImageType.detect(bytes[...]) == type)
    }

    static let unrecognised: [[UInt8]] = [
        [],
        [0xFF, 0xD8],  // a JPEG's first two bytes alone
        Array(T.pngSignature.dropLast()),
        T.ascii("GIF88a"),
        T.ascii("RIFF") + [0, 0, 0, 0] + T.ascii("WAVE"),
        T.ascii("RIFF") + [0, 0, 0, 0] + T.ascii("WEB"),
        T.ascii("BM") + [0, 0, 0, 0],  // BMP
        T.ascii("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
        [0x00, 0x00, 0x00, 0x18] + T.ascii("ftypheic"),
        [0x20] + T.pngSignature,  // the right magic, but not at the start
    ]

    @Test("Anything else is not an image Qwinkle stores", arguments: unrecognised)
    func rejects(bytes: [UInt8]) {
        #expect(ImageType.detect(bytes) == nil)
        #expect(throws: PhotoError.unsupportedType) { try PhotoSanitizer().sanitize(bytes) }
    }
}
