import QwinkleMedia
import Testing

/// Small images built byte by byte, so each test states exactly which structures it gives the sanitizer.
/// The metadata in them always holds `secret`, which must never survive sanitizing.
enum TestImages {
    static let secret = "secret location GPSLatitude 51.5007 N"

    static func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    static func bigEndian32(_ value: UInt32) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func littleEndian32(_ value: UInt32) -> [UInt8] {
        bigEndian32(value).reversed()
    }

    static func ascii(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }
}

// MARK: - PNG

extension TestImages {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = ascii(type) + data
        return bigEndian32(UInt32(data.count)) + typeAndData + bigEndian32(CRC32.checksum(typeAndData))
    }

    static func png(_ chunks: [[UInt8]]) -> [UInt8] {
        pngSignature + chunks.joined()
    }

    /// 1×1 pixel, 8-bit greyscale, no interlacing.
    static let ihdr = pngChunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
    /// One scanline (filter byte 0, one mid-grey pixel) in a zlib stream of one stored block.
    static let compressedScanline: [UInt8] = [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF, 0x00, 0x80, 0x00, 0x82, 0x00, 0x81]
    static let idat = pngChunk("IDAT", compressedScanline)
    static let iend = pngChunk("IEND", [])
    static let gama = pngChunk("gAMA", bigEndian32(45_455))
    static let srgb = pngChunk("sRGB", [0])
    static let phys = pngChunk("pHYs", bigEndian32(2_835) + bigEndian32(2_835) + [1])
    static let iccp = pngChunk("iCCP", ascii("sRGB\0") + [0, 0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    static let text = pngChunk("tEXt", ascii("Comment\0") + ascii(secret))
    static let ztxt = pngChunk("zTXt", ascii("Comment\0") + [0] + ascii(secret))
    static let itxt = pngChunk("iTXt", ascii("XML:com.adobe.xmp\0\0\0\0\0") + ascii(secret))
    static let exif = pngChunk("eXIf", ascii("MM\0*\0\0\0\u{8}") + ascii(secret))
    static let time = pngChunk("tIME", [0x07, 0xE9, 1, 2, 3, 4, 5])
    /// A C2PA manifest store as PNG carries it: a JUMBF superbox labelled `c2pa`.
    static let c2pa = pngChunk("caBX", bigEndian32(UInt32(13 + secret.utf8.count)) + ascii("jumb") + ascii("c2pa\0") + ascii(secret))
    /// Lowercase second letter: a private chunk, which only its writer knows how to read.
    static let privateChunk = pngChunk("prVt", ascii(secret))
}

// MARK: - More PNG chunks the sanitizer keeps

// The sanitizer reads only their types, so each holds plausible values, not all together one consistent image.
extension TestImages {
    static let plte = pngChunk("PLTE", [0, 0, 0, 255, 255, 255])
    /// For greyscale: the grey sample that is transparent.
    static let trns = pngChunk("tRNS", bigEndian16(0x80))
    static let bkgd = pngChunk("bKGD", bigEndian16(0xFF))
    /// sRGB's white point and primaries.
    static let chrm = pngChunk("cHRM", [31_270, 32_900, 64_000, 33_000, 30_000, 60_000, 15_000, 6_000].flatMap { bigEndian32($0) })
    static let sbit = pngChunk("sBIT", [8])
    /// BT.2020 primaries with the PQ transfer function, full range: an HDR image.
    static let cicp = pngChunk("cICP", [9, 16, 0, 1])
    /// A mastering display with BT.2020 primaries, D65 white, 1,000 to 0.0001 cd/m².
    static let mdcv = pngChunk("mDCV", [35_400, 14_600, 8_500, 39_850, 6_550, 2_300, 15_635, 16_450].flatMap { bigEndian16($0) }
        + bigEndian32(10_000_000) + bigEndian32(1))
    static let clli = pngChunk("cLLI", bigEndian32(10_000_000) + bigEndian32(4_000_000))
    /// An APNG of two frames that loops forever.
    static let actl = pngChunk("acTL", bigEndian32(2) + bigEndian32(0))

    /// An APNG frame's control: 1×1 at the origin, shown for 1/10 s.
    static func fctl(sequence: UInt32) -> [UInt8] {
        pngChunk("fcTL", [sequence, 1, 1, 0, 0].flatMap { bigEndian32($0) } + bigEndian16(1) + bigEndian16(10) + [0, 0])
    }

    /// An APNG frame's image data: the same compressed scanline as `idat`, after the sequence number.
    static func fdat(sequence: UInt32) -> [UInt8] {
        pngChunk("fdAT", bigEndian32(sequence) + compressedScanline)
    }
}

// MARK: - JPEG

extension TestImages {
    static func jpegSegment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian16(payload.count + 2) + payload
    }

    static let soi: [UInt8] = [0xFF, 0xD8]
    static let eoi: [UInt8] = [0xFF, 0xD9]
    static let jfif = jpegSegment(0xE0, ascii("JFIF\0") + [1, 1, 0, 0, 1, 0, 1, 0, 0])
    static let jfxxThumbnail = jpegSegment(0xE0, ascii("JFXX\0") + [0x13] + ascii(secret))
    static let exifSegment = jpegSegment(0xE1, ascii("Exif\0\0") + ascii(secret))
    static let xmpSegment = jpegSegment(0xE1, ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>\(secret)</x:xmpmeta>"))
    static let iccSegment = jpegSegment(0xE2, ascii("ICC_PROFILE\0") + [1, 1] + [UInt8](repeating: 0x42, count: 40))
    static let mpfSegment = jpegSegment(0xE2, ascii("MPF\0") + ascii(secret))
    static let iptcSegment = jpegSegment(0xED, ascii("Photoshop 3.0\08BIM") + ascii(secret))
    static let adobeSegment = jpegSegment(0xEE, ascii("Adobe") + [0, 100, 0, 0, 0, 0, 1])
    static let commentSegment = jpegSegment(0xFE, ascii(secret))
    static let dqt = jpegSegment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    /// Baseline, 8-bit, 1×1, one component sampled 1×1 with table 0.
    static let sof0 = jpegSegment(0xC0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0])
    static let dht = jpegSegment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
    static let sos = jpegSegment(0xDA, [1, 1, 0x00, 0, 63, 0])
    /// Entropy-coded data with a stuffed 0xFF and a restart marker, which belong to the scan.
    static let entropy: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0x78]

    static func jpeg(_ segments: [[UInt8]]) -> [UInt8] {
        soi + segments.joined() + eoi
    }

    /// An EXIF APP1 segment, little-endian as phones write it, with a GPS pointer, the camera make and the
    /// orientation (tag 0x0112).
    static func exifSegment(orientation: UInt16) -> [UInt8] {
        func entry(_ tag: UInt16, type: UInt16, count: UInt32, value: UInt32) -> [UInt8] {
            littleEndian16(tag) + littleEndian16(type) + littleEndian32(count) + littleEndian32(value)
        }
        func littleEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        let entries = entry(0x010F, type: 2, count: 4, value: 0x0062_6F6A) + entry(0x0112, type: 3, count: 1, value: UInt32(orientation))
            + entry(0x8825, type: 4, count: 1, value: 50)
        let tiff = ascii("II*\0") + littleEndian32(8) + littleEndian16(3) + entries + littleEndian32(0)
        return jpegSegment(0xE1, ascii("Exif\0\0") + tiff + ascii(secret))
    }

    /// What the sanitizer writes for an orientation: a big-endian TIFF whose only entry is the orientation.
    static func minimalExifSegment(orientation: UInt8) -> [UInt8] {
        jpegSegment(0xE1, ascii("Exif\0\0") + ascii("MM\0*") + [0, 0, 0, 8, 0, 1]
            + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0] + [0, 0, 0, 0])
    }
}

// MARK: - WebP

extension TestImages {
    static func riffChunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        ascii(fourCC) + littleEndian32(UInt32(payload.count)) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    static func webp(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = ascii("WEBP") + chunks.joined()
        return ascii("RIFF") + littleEndian32(UInt32(body.count)) + body
    }

    /// The extended header for a 1×1 canvas with the given flags (0x20 ICC, 0x10 alpha, 0x08 EXIF, 0x04 XMP).
    static func vp8x(flags: UInt8) -> [UInt8] {
        riffChunk("VP8X", [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    /// A 1×1 grey lossless image as cwebp encodes it; 17 bytes, so it is padded.
    static let vp8l = riffChunk("VP8L", [0x2F, 0, 0, 0, 0, 0x07, 0x50, 0xBF, 0xFA, 0xD5, 0xAF, 0xFF, 0x81, 0x88, 0xE8, 0x7F, 0])
    static let iccpChunk = riffChunk("ICCP", [UInt8](repeating: 0x42, count: 20))
    static let exifChunk = riffChunk("EXIF", ascii("MM\0*\0\0\0\u{8}") + ascii(secret))
    /// Odd-sized, so it carries a pad byte that must go with it.
    static let xmpChunk = riffChunk("XMP ", ascii("<x:xmpmeta>\(secret)</x:xmpmeta>!"))
}

// MARK: - GIF

extension TestImages {
    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        stride(from: 0, to: data.count, by: 255).flatMap { start in
            let block = data[start..<min(start + 255, data.count)]
            return [UInt8(block.count)] + block
        } + [0]
    }

    /// GIF89a, 1×1 screen with a two-colour global table.
    static let gifHeader = ascii("GIF89a") + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
    static let graphicControl: [UInt8] = [0x21, 0xF9, 4, 0x04, 10, 0, 0, 0]
    static let netscapeLoop: [UInt8] = [0x21, 0xFF, 11] + ascii("NETSCAPE2.0") + [3, 1, 0, 0, 0]
    static let gifComment: [UInt8] = [0x21, 0xFE] + subBlocks(ascii(secret))
    /// XMP as Adobe writes it: the packet raw, not in sub-blocks, then the 258-byte "magic trailer" that lets
    /// a reader walking sub-blocks land on a terminator whatever the packet's bytes.
    static let gifXMP: [UInt8] = [0x21, 0xFF, 11] + ascii("XMP DataXMP") + ascii("<x:xmpmeta>\(secret)</x:xmpmeta>")
        + [0x01] + (0...255).reversed().map { UInt8($0) } + [0x00]
    /// One 1×1 image: LZW minimum code size 2, then the codes clear, 0, end in one sub-block.
    static let gifImage: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]
    static let gifTrailer: [UInt8] = [0x3B]

    static func gif(_ blocks: [[UInt8]]) -> [UInt8] {
        gifHeader + blocks.joined() + gifTrailer
    }
}

/// A named test image, so a parameterized test's report names the image rather than printing its bytes.
struct Sample: Sendable, CustomTestStringConvertible {
    let name: String
    let type: ImageType
    let bytes: [UInt8]

    init(_ name: String, _ type: ImageType, _ bytes: [UInt8]) {
        (self.name, self.type, self.bytes) = (name, type, bytes)
    }

    var testDescription: String { name }
}
