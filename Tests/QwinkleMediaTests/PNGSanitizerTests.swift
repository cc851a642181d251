import QwinkleMedia
import Testing

@Suite("PNG metadata removal")
struct PNGSanitizerTests {
    typealias T = TestImages
    let sanitizer = PhotoSanitizer()

    @Test("Text, EXIF and time chunks go; the header, colour chunks, image data and end stay in order")
    func removesMetadataChunks() throws {
        let input = T.png([T.ihdr, T.text, T.gama, T.srgb, T.iccp, T.exif, T.phys, T.ztxt, T.idat, T.itxt, T.time, T.iend])
        let photo = try sanitizer.sanitize(input)
        #expect(photo.type == .png)
        #expect(photo.bytes == T.png([T.ihdr, T.gama, T.srgb, T.iccp, T.phys, T.idat, T.iend]))
        #expect(!photo.bytes.contains(T.ascii("secret")))
    }

    @Test("A PNG without metadata comes out byte for byte")
    func cleanFileUnchanged() throws {
        let input = T.png([T.ihdr, T.gama, T.phys, T.idat, T.iend])
        #expect(try sanitizer.sanitize(input).bytes == input)
    }

    /// Chunks the sanitizer does not keep, each a kind a photo may carry: C2PA, private and unknown chunks are
    /// dropped because they are not on the allow-list, not because they are known to be metadata.
    static let droppedChunks: [(String, [UInt8])] = [
        ("a C2PA manifest (caBX)", T.c2pa),
        ("a private chunk (prVt)", T.privateChunk),
        ("an ancillary chunk no one defines (qWNK)", T.pngChunk("qWNK", T.ascii(T.secret))),
        ("EXIF (eXIf)", T.exif),
        ("text (tEXt)", T.text),
        ("compressed text (zTXt)", T.ztxt),
        ("international text and XMP (iTXt)", T.itxt),
        ("the modification time (tIME)", T.time),
    ]

    @Test("A chunk off the allow-list goes, and what stays is byte for byte the PNG without it", arguments: droppedChunks)
    func dropsChunksOffTheAllowList(_ name: String, chunk: [UInt8]) throws {
        let input = T.png([T.ihdr, chunk, T.gama, T.idat, chunk, T.iend])
        #expect(try sanitizer.sanitize(input).bytes == T.png([T.ihdr, T.gama, T.idat, T.iend]))
    }

    @Test("Every chunk on the allow-list stays, in order: the picture, its colour and transparency, HDR and APNG frames")
    func keepsAllowedChunks() throws {
        let kept = [
            T.ihdr, T.chrm, T.gama, T.iccp, T.sbit, T.srgb, T.cicp, T.mdcv, T.clli, T.plte, T.trns, T.bkgd, T.phys, T.actl,
            T.fctl(sequence: 0), T.idat, T.fctl(sequence: 1), T.fdat(sequence: 2), T.iend,
        ]
        let withC2PA = [T.ihdr] + kept.dropFirst().flatMap { [T.c2pa, $0] }
        #expect(try sanitizer.sanitize(T.png(withC2PA)).bytes == T.png(kept))
    }

    @Test("Bytes after IEND are not kept")
    func dropsTrailingBytes() throws {
        let picture = T.png([T.ihdr, T.idat, T.iend])
        #expect(try sanitizer.sanitize(picture + T.text).bytes == picture)
    }

    @Test("CRC-32 matches the standard check value and PNG's own IEND checksum")
    func crc32() {
        #expect(CRC32.checksum(T.ascii("123456789")) == 0xCBF4_3926)
        #expect(CRC32.checksum(T.ascii("IEND")) == 0xAE42_6082)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test("A chunk whose CRC does not match its bytes is refused, naming the chunk")
    func refusesBadChecksum() {
        var input = T.png([T.ihdr, T.idat, T.iend])
        input[33 + 8] ^= 0x01  // a byte of IDAT's data
        #expect(throws: PhotoError.checksumMismatch(.png, chunk: "IDAT", offset: 33)) { try sanitizer.sanitize(input) }
    }

    static let brokenFiles: [(String, [UInt8], PhotoError)] = [
        ("a chunk length beyond the file", T.png([T.ihdr]) + [0x7F, 0xFF, 0xFF, 0xFF] + T.ascii("IDAT"), .truncated(.png, offset: 41)),
        ("a chunk length beyond what PNG allows", T.png([T.ihdr]) + [0xFF, 0xFF, 0xFF, 0xF0] + T.ascii("IDAT"),
         .malformed(.png, offset: 33, reason: "a chunk declares 4294967280 bytes, more than PNG allows")),
        ("no IEND", T.png([T.ihdr, T.idat]), .truncated(.png, offset: 58)),
        ("a first chunk other than IHDR", T.png([T.gama, T.ihdr, T.idat, T.iend]),
         .malformed(.png, offset: 8, reason: "the first chunk, and only it, must be the header IHDR")),
        ("a second IHDR", T.png([T.ihdr, T.ihdr, T.idat, T.iend]),
         .malformed(.png, offset: 33, reason: "the first chunk, and only it, must be the header IHDR")),
        ("a short IHDR", T.png([T.pngChunk("IHDR", [0, 0, 0, 1]), T.idat, T.iend]),
         .malformed(.png, offset: 8, reason: "the header chunk is not 13 bytes long")),
        ("no image data", T.png([T.ihdr, T.iend]), .malformed(.png, offset: 33, reason: "the image ends before any image data")),
        ("a chunk type that is not letters", T.png([T.ihdr, T.pngChunk("ID@T", []), T.iend]),
         .malformed(.png, offset: 33, reason: "a chunk type is not four letters")),
        ("a critical chunk PNG does not define", T.png([T.ihdr, T.pngChunk("QWNK", T.ascii(T.secret)), T.idat, T.iend]),
         .malformed(.png, offset: 33, reason: "the critical chunk QWNK is not one PNG defines")),
    ]

    @Test("A broken PNG is refused with where and why", arguments: brokenFiles)
    func refusesBrokenFiles(_ name: String, bytes: [UInt8], error: PhotoError) {
        #expect(throws: error) { try sanitizer.sanitize(bytes) }
    }
}
