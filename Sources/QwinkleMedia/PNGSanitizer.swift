/// Keeps only the PNG chunks that make up the picture or change how it looks, and drops every other one: text
/// (tEXt, zTXt, iTXt), EXIF (eXIf), the modification time (tIME), C2PA manifests (caBX), private chunks and any
/// chunk this list does not name, since a chunk nobody here has read may hold anything about the person.
///
/// Every chunk is checked on the way (its length, its type's letters, its CRC), the header must come first and
/// image data before the end, and the file ends at IEND: bytes after it are dropped. A critical chunk PNG does
/// not define is refused, not dropped: a decoder that meets one cannot show the image either.
struct PNGSanitizer: FormatSanitizer {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The chunks that are kept, as they are; all others are dropped.
    static let keptChunks: Set<String> = [
        // The critical chunks: the picture itself.
        "IHDR", "PLTE", "IDAT", "IEND",
        // Transparency, colour space and significant bits: without them colours and alpha come out wrong.
        "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT",
        // PNG 3's HDR colour: cICP names the transfer function (PQ, HLG) an HDR image is unreadable without, and
        // mDCV and cLLI guide its tone mapping. Only the final names: the drafts' mDCv and cLLi are obsolete.
        "cICP", "mDCV", "cLLI",
        // The background a viewer shows behind transparency, and the pixels' aspect ratio.
        "bKGD", "pHYs",
        // APNG's animation control and frames, so an animated PNG stays animated, as GIF and WebP animations do.
        "acTL", "fcTL", "fdAT",
    ]
    /// PNG allows chunk lengths up to 2³¹ − 1, so that they stay positive in a signed 32-bit integer.
    static let maximumChunkLength: UInt32 = 0x7FFF_FFFF

    static func sanitize(_ bytes: [UInt8]) throws(PhotoError) -> [UInt8] {
        var cursor = ByteCursor(bytes, type: .png)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        try cursor.expect(signature, "the file does not start with the PNG signature")
        output.append(contentsOf: signature)

        var isFirstChunk = true
        var sawImageData = false
        while true {
            let chunkStart = cursor.offset
            let length = try cursor.uint32BigEndian()
            guard length <= maximumChunkLength else {
                throw cursor.malformed("a chunk declares \(length) bytes, more than PNG allows", at: chunkStart)
            }
            let typeRange = try cursor.take(4)
            guard bytes[typeRange].allSatisfy(isASCIILetter) else {
                throw cursor.malformed("a chunk type is not four letters", at: chunkStart)
            }
            let type = String(decoding: bytes[typeRange], as: UTF8.self)
            let dataRange = try cursor.take(length)
            let storedCRC = try cursor.uint32BigEndian()
            guard CRC32.checksum(bytes[typeRange.lowerBound..<dataRange.upperBound]) == storedCRC else {
                throw .checksumMismatch(.png, chunk: type, offset: chunkStart)
            }

            guard isFirstChunk == (type == "IHDR") else {
                throw cursor.malformed("the first chunk, and only it, must be the header IHDR", at: chunkStart)
            }
            switch type {
            case "IHDR":
                guard length == 13 else { throw cursor.malformed("the header chunk is not 13 bytes long", at: chunkStart) }
            case "IDAT":
                sawImageData = true
            case "IEND":
                guard sawImageData else { throw cursor.malformed("the image ends before any image data", at: chunkStart) }
                output.append(contentsOf: bytes[chunkStart..<cursor.offset])
                return output
            default:
                // Dropping a critical chunk could change the picture, so an unknown one refuses the file instead.
                guard keptChunks.contains(type) || isAncillary(bytes[typeRange.lowerBound]) else {
                    throw cursor.malformed("the critical chunk \(type) is not one PNG defines", at: chunkStart)
                }
            }
            isFirstChunk = false
            if keptChunks.contains(type) { output.append(contentsOf: bytes[chunkStart..<cursor.offset]) }
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether a chunk type's first letter marks it ancillary: lowercase (bit 5 set), so a decoder may skip it.
    private static func isAncillary(_ firstLetter: UInt8) -> Bool {
        firstLetter & 0x20 != 0
    }
}
