import QwinkleMedia
import QwinkleTestSupport
import Testing

/// Whatever an uploader sends, the sanitizer answers with cleaned bytes or a `PhotoError`: it never traps,
/// reads out of bounds or loops, and what it accepts it accepts again unchanged.
@Suite("Hostile and damaged input")
struct HostileInputTests {
    typealias T = TestImages
    let sanitizer = PhotoSanitizer()

    static let samples: [Sample] = RealImages.all + [
        Sample("built JPEG", .jpeg, T.jpeg([T.jfif, T.exifSegment(orientation: 8), T.iccSegment, T.commentSegment, T.dqt, T.sof0, T.dht, T.sos, T.entropy])),
        Sample("built PNG", .png, T.png([T.ihdr, T.text, T.iccp, T.exif, T.idat, T.time, T.iend])),
        Sample("built WebP", .webp, T.webp([T.vp8x(flags: 0x2C), T.iccpChunk, T.vp8l, T.exifChunk, T.xmpChunk])),
        Sample("built GIF", .gif, T.gif([T.netscapeLoop, T.gifComment, T.gifXMP, T.graphicControl, T.gifImage])),
    ]

    @Test("Sanitizing is idempotent: a sanitized photo passes again unchanged", arguments: samples)
    func idempotent(sample: Sample) throws {
        let once = try sanitizer.sanitize(sample.bytes)
        #expect(once.type == sample.type)
        #expect(try sanitizer.sanitize(once.bytes) == once)
    }

    @Test("Every prefix of a valid image is refused as cut short", arguments: samples)
    func everyPrefixIsTruncated(sample: Sample) {
        let magicLength = [ImageType.jpeg: 3, .png: 8, .gif: 6, .webp: 12][sample.type] ?? 0
        for length in 0..<sample.bytes.count {
            let expected = length < magicLength ? "unsupported" : "truncated"
            #expect(kind(of: sample.bytes[..<length]) == expected, "prefix of \(length) bytes")
        }
    }

    @Test("Any one damaged byte gives an error or an image that sanitizes again unchanged", arguments: samples)
    func damagedBytes(sample: Sample) {
        for index in sample.bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = sample.bytes
                damaged[index] ^= flip
                expectErrorOrStable(damaged)
            }
        }
    }

    @Test("Random bytes behind each format's magic give an error or a stable image")
    func randomBytes() {
        var random = SplitMix64(seed: 0x5157_494E_4B4C_45)
        let magics = [[0xFF, 0xD8, 0xFF], T.pngSignature, T.ascii("GIF89a"), T.ascii("RIFF") + [64, 0, 0, 0] + T.ascii("WEBP")]
        for round in 0..<4_000 {
            let count = Int(random.next() % 300)
            let tail = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            expectErrorOrStable(magics[round % magics.count] + tail)
        }
    }

    @Test("Declared lengths far beyond the file are refused, not trusted", arguments: [
        [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF],
        T.pngSignature + [0x7F, 0xFF, 0xFF, 0xFF] + T.ascii("IHDR"),
        T.ascii("RIFF") + [0xFF, 0xFF, 0xFF, 0xFF] + T.ascii("WEBP"),
        T.ascii("RIFF") + [0x0C, 0, 0, 0] + T.ascii("WEBPVP8L") + [0xFF, 0xFF, 0xFF, 0xFF],
        T.gifHeader + [0x21, 0xFE, 0xFF, 0x41],
    ])
    func hugeDeclaredLengths(bytes: [UInt8]) {
        #expect(kind(of: bytes[...]) == "truncated")
    }

    @Test("A RIFF size smaller than its chunks is refused")
    func riffSizeTooSmall() {
        let input = T.ascii("RIFF") + [0x0C, 0, 0, 0] + T.ascii("WEBP") + T.vp8l
        #expect(kind(of: input[...]) == "truncated")
    }

    private func kind(of bytes: ArraySlice<UInt8>) -> String {
        do {
            _ = try sanitizer.sanitize(Array(bytes))
            return "accepted"
        } catch .unsupportedType {
            return "unsupported"
        } catch .truncated {
            return "truncated"
        } catch {
            return "\(error)"
        }
    }

    private func expectErrorOrStable(_ bytes: [UInt8]) {
        guard let photo = try? sanitizer.sanitize(bytes) else { return }
        #expect(photo.bytes.count <= bytes.count + 32)  // at most the minimal EXIF segment is added
        #expect(ImageType.detect(photo.bytes) == photo.type)
        #expect((try? sanitizer.sanitize(photo.bytes)) == photo, "not stable: \(bytes.count) bytes")
    }
}
