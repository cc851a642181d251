import QwinkleMedia
import Testing

@Suite("JPEG metadata removal")
struct JPEGSanitizerTests {
    typealias T = TestImages
    let sanitizer = PhotoSanitizer()

    @Test("EXIF, XMP, IPTC, MPF, JFXX thumbnails and comments go; JFIF, ICC, Adobe, tables, frame and scan stay in order")
    func removesMetadataSegments() throws {
        let input = T.jpeg([
            T.jfif, T.jfxxThumbnail, T.exifSegment, T.xmpSegment, T.iccSegment, T.mpfSegment, T.iptcSegment,
            T.adobeSegment, T.commentSegment, T.dqt, T.sof0, T.dht, T.sos, T.entropy,
        ])
        let photo = try sanitizer.sanitize(input)
        #expect(photo.type == .jpeg)
        #expect(photo.bytes == T.jpeg([T.jfif, T.iccSegment, T.adobeSegment, T.dqt, T.sof0, T.dht, T.sos, T.entropy]))
        #expect(!photo.bytes.contains(T.ascii("secret")))
    }

    @Test("A JPEG without metadata comes out byte for byte, fill bytes and standalone markers included")
    func cleanFileUnchanged() throws {
        let fill: [UInt8] = [0xFF, 0xFF]
        let temporary: [UInt8] = [0xFF, 0x01]
        let input = T.soi + T.jfif + fill + T.dqt + temporary + T.sof0 + T.dht + T.sos + T.entropy + fill + T.eoi
        #expect(try sanitizer.sanitize(input).bytes == input)
    }

    @Test("The orientation of a phone photo survives in a minimal EXIF segment, without the rest of EXIF")
    func keepsOrientation() throws {
        let input = T.jpeg([T.jfif, T.exifSegment(orientation: 6), T.dqt, T.sof0, T.sos, T.entropy])
        let photo = try sanitizer.sanitize(input)
        #expect(photo.bytes == T.jpeg([T.jfif, T.minimalExifSegment(orientation: 6), T.dqt, T.sof0, T.sos, T.entropy]))
        #expect(!photo.bytes.contains(T.ascii("secret")))
        #expect(try sanitizer.sanitize(photo.bytes) == photo)
    }

    @Test("An upright orientation needs no EXIF segment at all")
    func uprightNeedsNoExif() throws {
        let input = T.jpeg([T.exifSegment(orientation: 1), T.sof0, T.sos, T.entropy])
        #expect(try sanitizer.sanitize(input).bytes == T.jpeg([T.sof0, T.sos, T.entropy]))
    }

    @Test("Metadata between the scans of a progressive JPEG is removed too; the scans stay")
    func metadataBetweenScans() throws {
        let input = T.jpeg([T.sof0, T.dht, T.sos, T.entropy, T.commentSegment, T.dht, T.sos, T.entropy, T.xmpSegment])
        #expect(try sanitizer.sanitize(input).bytes == T.jpeg([T.sof0, T.dht, T.sos, T.entropy, T.dht, T.sos, T.entropy]))
    }

    @Test("Bytes after the end marker (an appended video, a second picture) are not kept")
    func dropsTrailingBytes() throws {
        let picture = T.jpeg([T.sof0, T.sos, T.entropy])
        let appended = picture + T.ascii("ftypmp42") + T.exifSegment
        #expect(try sanitizer.sanitize(appended).bytes == picture)
    }

    static let brokenFiles: [(String, [UInt8], PhotoError)] = [
        ("a segment length below 2", T.soi + [0xFF, 0xDB, 0x00, 0x01] + T.eoi, .malformed(.jpeg, offset: 2, reason: "a segment length of 1 is too short")),
        ("a scan before any frame header", T.jpeg([T.sos, T.entropy]), .malformed(.jpeg, offset: 2, reason: "a scan comes before the frame header")),
        ("the end before any scan", T.jpeg([T.sof0]), .malformed(.jpeg, offset: 15, reason: "the image ends before its first scan")),
        ("a second start of image", T.soi + T.soi + T.eoi, .malformed(.jpeg, offset: 2, reason: "a second start-of-image marker")),
        ("a byte where a marker belongs", T.soi + T.sof0 + [0x00] + T.eoi, .malformed(.jpeg, offset: 15, reason: "a marker was expected")),
        ("a stuffed zero outside a scan", T.soi + [0xFF, 0x00] + T.eoi, .malformed(.jpeg, offset: 2, reason: "a stuffed zero outside entropy-coded data")),
        ("a scan that never ends", T.soi + T.sof0 + T.sos + T.entropy, .truncated(.jpeg, offset: 33)),
        ("a segment longer than the file", T.soi + [0xFF, 0xE1, 0xFF, 0xFF] + T.ascii("Exif"), .truncated(.jpeg, offset: 10)),
    ]

    @Test("A broken JPEG is refused with where and why", arguments: brokenFiles)
    func refusesBrokenFiles(_ name: String, bytes: [UInt8], error: PhotoError) {
        #expect(throws: error) { try sanitizer.sanitize(bytes) }
    }
}
