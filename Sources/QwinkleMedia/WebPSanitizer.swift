/// Removes a WebP's metadata chunks, EXIF and XMP, clears the VP8X flags that announce them, and rewrites
/// the RIFF size to match.
///
/// Every chunk must fit inside the RIFF size, with its pad byte when its size is odd; the first chunk must
/// be an image (VP8, VP8L) or the extended header VP8X, and an image must be there. Bytes after the RIFF
/// container are dropped. Every other chunk (ICCP, ANIM, ANMF, ALPH…) is kept as it is.
struct WebPSanitizer: FormatSanitizer {
    static let metadataChunks: Set<String> = ["EXIF", "XMP "]
    static let imageChunks: Set<String> = ["VP8 ", "VP8L", "ANMF"]
    /// The VP8X flags byte's bits for "has EXIF" and "has XMP" (WebP container specification).
    static let metadataFlags: UInt8 = 0x08 | 0x04
    static let extendedHeaderLength = 10

    static func sanitize(_ bytes: [UInt8]) throws(PhotoError) -> [UInt8] {
        var cursor = ByteCursor(bytes, type: .webp)
        try cursor.expect("RIFF".utf8, "the file is not a RIFF container")
        let riffSize = try cursor.uint32LittleEndian()
        guard riffSize <= cursor.remainingCount else { throw cursor.truncated() }
        cursor.limit(toNext: Int(riffSize))
        try cursor.expect("WEBP".utf8, "the RIFF container does not hold a WebP image")

        var output: [UInt8] = []
        output.reserveCapacity(cursor.end)
        output.append(contentsOf: bytes[0..<cursor.offset])
        var flagsIndex: Int?
        var isFirstChunk = true
        var sawImage = false
        while !cursor.isAtEnd {
            let chunkStart = cursor.offset
            let fourCCRange = try cursor.take(4)
            guard bytes[fourCCRange].allSatisfy({ (0x20...0x7E).contains($0) }) else {
                throw cursor.malformed("a chunk name is not printable", at: chunkStart)
            }
            let fourCC = String(decoding: bytes[fourCCRange], as: UTF8.self)
            let size = try cursor.uint32LittleEndian()
            _ = try cursor.take(size)
            if size % 2 == 1 { _ = try cursor.take(1) }

            if isFirstChunk, fourCC != "VP8X", !imageChunks.contains(fourCC) {
                throw cursor.malformed("the first chunk is \(fourCC), not an image or VP8X", at: chunkStart)
            }
            if fourCC == "VP8X" {
                guard isFirstChunk, size >= extendedHeaderLength else {
                    throw cursor.malformed("the VP8X header is misplaced or too short", at: chunkStart)
                }
                flagsIndex = output.count + 8
            }
            isFirstChunk = false
            if imageChunks.contains(fourCC) { sawImage = true }
            if !metadataChunks.contains(fourCC) { output.append(contentsOf: bytes[chunkStart..<cursor.offset]) }
        }
        guard sawImage else { throw cursor.malformed("the file holds no image", at: cursor.offset) }

        if let flagsIndex { output[flagsIndex] &= ~metadataFlags }
        // The output is never longer than the input, whose size fitted in 32 bits.
        let size = UInt32(output.count - 8)
        output.replaceSubrange(4..<8, with: (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) })
        return output
    }
}
