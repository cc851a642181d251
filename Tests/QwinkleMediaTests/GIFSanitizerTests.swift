import QwinkleMedia
import Testing

@Suite("GIF metadata removal")
struct GIFSanitizerTests {
    typealias T = TestImages
    let sanitizer = PhotoSanitizer()

    @Test("Comments and XMP go; looping, frame timing and images stay in order")
    func removesMetadataBlocks() throws {
        let input = T.gif([T.netscapeLoop, T.gifComment, T.gifXMP, T.graphicControl, T.gifImage, T.gifComment, T.graphicControl, T.gifImage])
        let photo = try sanitizer.sanitize(input)
        #expect(photo.type == .gif)
        #expect(photo.bytes == T.gif([T.netscapeLoop, T.graphicControl, T.gifImage, T.graphicControl, T.gifImage]))
        #expect(!photo.bytes.contains(T.ascii("secret")))
    }

    @Test("A GIF without metadata comes out byte for byte")
    func cleanFileUnchanged() throws {
        let input = T.gif([T.netscapeLoop, T.graphicControl, T.gifImage])
        #expect(try sanitizer.sanitize(input).bytes == input)
    }

    @Test("A GIF87a with a local colour table and no global one is read through")
    func localColourTable() throws {
        let image: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255, 2, 2, 0x44, 0x01, 0]
        let input = T.ascii("GIF87a") + [1, 0, 1, 0, 0x00, 0, 0] + image + T.gifComment + T.gifTrailer
        #expect(try sanitizer.sanitize(input).bytes == T.ascii("GIF87a") + [1, 0, 1, 0, 0x00, 0, 0] + image + T.gifTrailer)
    }

    @Test("Bytes after the trailer are not kept")
    func dropsTrailingBytes() throws {
        let picture = T.gif([T.gifImage])
        #expect(try sanitizer.sanitize(picture + T.gifComment).bytes == picture)
    }

    static let brokenFiles: [(String, [UInt8], PhotoError)] = [
        ("no image before the trailer", T.gif([T.netscapeLoop]), .malformed(.gif, offset: 38, reason: "the file ends before any image")),
        ("an unknown block", T.gif([T.gifImage, [0x99]]), .malformed(.gif, offset: 34, reason: "0x99 is not a GIF block")),
        ("a sub-block longer than the file", T.gifHeader + [0x21, 0xFE, 200] + T.ascii("short"), .truncated(.gif, offset: 27)),
        ("a colour table beyond the file", T.ascii("GIF89a") + [1, 0, 1, 0, 0x87, 0, 0, 1, 2, 3], .truncated(.gif, offset: 16)),
        ("no trailer", T.gifHeader + T.gifImage, .truncated(.gif, offset: 34)),
    ]

    @Test("A broken GIF is refused with where and why", arguments: brokenFiles)
    func refusesBrokenFiles(_ name: String, bytes: [UInt8], error: PhotoError) {
        #expect(throws: error) { try sanitizer.sanitize(bytes) }
    }
}
