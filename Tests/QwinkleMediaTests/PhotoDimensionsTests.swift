import QwinkleMedia
import Testing

/// A photo's size as it is shown, read from its header: what Mastodon apps and browsers lay a photo out by.
struct PhotoDimensionsTests {
    @Test("Real files from real encoders are 8×8 after sanitizing, whatever their format", arguments: RealImages.all)
    func realImages(sample: Sample) throws {
        let sanitized = try PhotoSanitizer().sanitize(sample.bytes)
        let size = try #require(sanitized.dimensions, "\(sample.name)")
        #expect(size.width == 8 && size.height == 8)
    }

    @Test("A PNG's size is its header's, width first")
    func png() throws {
        let image = StoredPNG.image(width: 3, height: 2, colorType: .grey, pixels: [0, 1, 2, 3, 4, 5])
        let size = try #require(try PhotoSanitizer().sanitize(image).dimensions)
        #expect(size == (3, 2))
    }

    @Test("A GIF's is its logical screen's; a WebP's its lossy frame's, its lossless frame's or its canvas's")
    func gifAndWebP() throws {
        let gif = SanitizedPhoto(type: .gif, bytes: TestImages.ascii("GIF89a") + [0x40, 0x01, 0xF0, 0x00] + [0, 0, 0])
        #expect(try #require(gif.dimensions) == (320, 240))

        let riff = TestImages.ascii("RIFF") + [0, 0, 0, 0] + TestImages.ascii("WEBP")
        let lossy = riff + TestImages.ascii("VP8 ") + [10, 0, 0, 0] + [0, 0, 0, 0x9D, 0x01, 0x2A] + [0x80, 0x02, 0xE0, 0x01]
        #expect(try #require(SanitizedPhoto(type: .webp, bytes: lossy).dimensions) == (640, 480))
        // 14 bits of width − 1 (639) and of height − 1 (479), little-endian after the signature.
        let bits = UInt32(639) | (UInt32(479) << 14)
        let lossless = riff + TestImages.ascii("VP8L") + [5, 0, 0, 0] + [0x2F] + TestImages.littleEndian32(bits) + [0]
        #expect(try #require(SanitizedPhoto(type: .webp, bytes: lossless).dimensions) == (640, 480))
        let extended = riff + TestImages.ascii("VP8X") + [10, 0, 0, 0] + [0, 0, 0, 0] + [0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00]
        #expect(try #require(SanitizedPhoto(type: .webp, bytes: extended).dimensions) == (640, 480))
    }

    @Test("A JPEG's is its frame header's, turned when its EXIF orientation turns it a quarter")
    func jpeg() throws {
        // SOF0: precision, height 2, width 3, one component.
        let frame = TestImages.jpegSegment(0xC0, [8, 0, 2, 0, 3, 1, 1, 0x11, 0])
        let upright = SanitizedPhoto(type: .jpeg, bytes: TestImages.soi + TestImages.jfif + frame + TestImages.eoi)
        #expect(try #require(upright.dimensions) == (3, 2))
        for (orientation, shown) in [(3, (3, 2)), (6, (2, 3)), (8, (2, 3))] {
            let exif = TestImages.jpegSegment(0xE1, TestImages.ascii("Exif\0\0") + Self.tiff(orientation: UInt8(orientation)))
            let photo = SanitizedPhoto(type: .jpeg, bytes: TestImages.soi + exif + frame + TestImages.eoi)
            #expect(try #require(photo.dimensions) == shown, "orientation \(orientation)")
        }
        // Cut short before its frame header, it says nothing rather than something wrong.
        #expect(SanitizedPhoto(type: .jpeg, bytes: TestImages.soi + TestImages.jfif).dimensions == nil)
        #expect(SanitizedPhoto(type: .png, bytes: Array(TestImages.pngSignature)).dimensions == nil)
    }

    /// A big-endian TIFF header with one IFD entry: the orientation.
    static func tiff(orientation: UInt8) -> [UInt8] {
        TestImages.ascii("MM") + [0, 42, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0] + [0, 0, 0, 0]
    }
}
