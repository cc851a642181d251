import Foundation
import QwinkleMedia
import Testing

@Suite("Images written by real encoders and exiftool")
struct RealImageTests {
    let sanitizer = PhotoSanitizer()

    /// The TIFF IFD entry that points to the GPS IFD (tag 0x8825, type LONG, count 1), in either byte order: EXIF
    /// keeps GPS there, as binary, so no text search can find it.
    static let gpsPointers: [[UInt8]] = [[0x88, 0x25, 0x00, 0x04, 0, 0, 0, 1], [0x25, 0x88, 0x04, 0x00, 1, 0, 0, 0]]

    /// Whether `bytes` hold an EXIF GPS IFD pointer.
    static func hasGPS(_ bytes: [UInt8]) -> Bool {
        gpsPointers.contains { bytes.contains($0) }
    }

    @Test("GPS, camera, comment and XMP metadata are gone", arguments: RealImages.all)
    func removesMetadata(sample: Sample) throws {
        #expect(sample.bytes.contains(Array("secret location".utf8)))
        let photo = try sanitizer.sanitize(sample.bytes)
        #expect(photo.type == sample.type)
        for trace in ["secret", "SecretCam", "xmpmeta", "XMP"] {
            #expect(!photo.bytes.contains(Array(trace.utf8)), "\(trace) survived")
        }
        #expect(!Self.hasGPS(photo.bytes), "the EXIF GPS IFD survived")
        #expect(photo.bytes.count < sample.bytes.count)
    }

    @Test("Each real JPEG had an EXIF GPS IFD; afterwards its only APP1 segment is the bare orientation", arguments: [
        (RealImages.jpeg, UInt8(6)), (RealImages.progressiveJPEG, UInt8(3)),
    ])
    func jpegLosesGPSAndEveryOtherAPP1(original: [UInt8], orientation: UInt8) throws {
        #expect(Self.hasGPS(original), "the sample has GPS to lose")
        let bare = TestImages.minimalExifSegment(orientation: orientation)
        #expect(JPEGSegments(original).contains { $0.marker == 0xE1 && $0.bytes != bare }, "the sample has more in APP1 than its orientation")
        let bytes = [UInt8](try sanitizer.sanitize(original).bytes)
        let app1 = JPEGSegments(bytes).filter { $0.marker == 0xE1 }
        #expect(app1.map(\.bytes) == [bare])
    }

    @Test("The JPEG keeps its ICC profile, its JFIF header and its orientation")
    func jpegKeepsWhatAffectsTheLook() throws {
        let bytes = try sanitizer.sanitize(Data(RealImages.jpeg)).bytes
        #expect(bytes.contains(Array("ICC_PROFILE\0".utf8)))
        #expect(bytes[6..<11].elementsEqual("JFIF\0".utf8))
        #expect(bytes.contains(TestImages.minimalExifSegment(orientation: 6)))
    }

    @Test("The progressive JPEG keeps all ten scans and its orientation")
    func progressiveKeepsScans() throws {
        let bytes = try sanitizer.sanitize(RealImages.progressiveJPEG).bytes
        let scans = bytes.indices.dropLast().filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
        #expect(scans.count == 10)
        #expect(bytes.contains(TestImages.minimalExifSegment(orientation: 3)))
    }

    @Test("The PNG keeps its iCCP profile and image data")
    func pngKeepsColour() throws {
        let bytes = try sanitizer.sanitize(RealImages.png).bytes
        #expect(bytes.contains(Array("iCCP".utf8)))
        #expect(bytes.contains(Array("IDAT".utf8)))
    }

    @Test("The WebP keeps its ICC profile and announces only it")
    func webpKeepsColour() throws {
        let bytes = try sanitizer.sanitize(RealImages.webp).bytes
        #expect(bytes.contains(Array("ICCP".utf8)))
        #expect(bytes[20] == 0x20 | (RealImages.webp[20] & 0x10))
    }

    @Test("The GIF keeps its looping and both frames")
    func gifKeepsAnimation() throws {
        let bytes = try sanitizer.sanitize(RealImages.gif).bytes
        #expect(bytes.contains(Array("NETSCAPE2.0".utf8)))
        #expect(bytes.filter { $0 == 0x2C }.count >= 2)
    }
}
