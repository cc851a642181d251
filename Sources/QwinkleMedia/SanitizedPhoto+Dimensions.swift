extension SanitizedPhoto {
    /// The picture's width and height in pixels as it is shown, read from its header: a JPEG whose EXIF orientation
    /// turns it a quarter is as wide as it is shown, not as stored. `nil` when the header does not say (the
    /// sanitizer has checked the structure, not every field a header may leave out).
    public var dimensions: (width: Int, height: Int)? {
        let size: (width: Int, height: Int)?
        switch type {
        case .png: size = Self.png(bytes)
        case .gif: size = Self.gif(bytes)
        case .webp: size = Self.webp(bytes)
        case .jpeg: size = Self.jpeg(bytes)
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// The width and height of IHDR, the first chunk: at 16 and 20, big-endian.
    private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let width = integer(bytes, at: 16, count: 4, bigEndian: true), let height = integer(bytes, at: 20, count: 4, bigEndian: true)
        else { return nil }
        return (width, height)
    }

    /// The logical screen's width and height, after the six-byte signature, little-endian.
    private static func gif(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let width = integer(bytes, at: 6, count: 2, bigEndian: false), let height = integer(bytes, at: 8, count: 2, bigEndian: false)
        else { return nil }
        return (width, height)
    }

    /// The size of the first chunk's image: a lossy frame's (VP8), a lossless one's (VP8L), or the canvas of an
    /// extended file (VP8X).
    private static func webp(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 21 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            // A frame tag of three bytes, the start code 9D 01 2A, then 14 bits of width and of height.
            guard bytes.count >= 30, bytes[23...25].elementsEqual([0x9D, 0x01, 0x2A]), let width = integer(bytes, at: 26, count: 2, bigEndian: false),
                let height = integer(bytes, at: 28, count: 2, bigEndian: false)
            else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        case "VP8L":
            // The signature 2F, then 14 bits each of width − 1 and height − 1.
            guard bytes[20] == 0x2F, let bits = integer(bytes, at: 21, count: 4, bigEndian: false) else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            // Four bytes of flags, then 24 bits each of the canvas's width − 1 and height − 1.
            guard let width = integer(bytes, at: 24, count: 3, bigEndian: false), let height = integer(bytes, at: 27, count: 3, bigEndian: false)
            else { return nil }
            return (width + 1, height + 1)
        default:
            return nil
        }
    }

    /// The frame header's (SOFn) height and width, turned by the EXIF orientation the sanitizer kept.
    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var offset = 2
        var turned = false
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            // Fill bytes before a marker, and markers without a length, stand alone.
            if marker == 0xFF { offset += 1; continue }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { offset += 2; continue }
            guard let length = integer(bytes, at: offset + 2, count: 2, bigEndian: true), length >= 2 else { return nil }
            let payload = offset + 4
            if marker == 0xE1, payload + length - 2 <= bytes.count,
                let orientation = ExifOrientation(exifPayload: bytes[payload..<(payload + length - 2)])
            {
                // 5 to 8 turn the picture a quarter (transposed, 90°, transversed, 270°).
                turned = orientation.value >= 5
            }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard let height = integer(bytes, at: payload + 1, count: 2, bigEndian: true),
                    let width = integer(bytes, at: payload + 3, count: 2, bigEndian: true)
                else { return nil }
                return turned ? (height, width) : (width, height)
            }
            // The scan's data follows its header: no frame header came before it.
            if marker == 0xDA { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// `count` bytes at `offset` as an unsigned integer, or `nil` past the end.
    private static func integer(_ bytes: [UInt8], at offset: Int, count: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        let slice = bytes[offset..<(offset + count)]
        let ordered = bigEndian ? Array(slice) : slice.reversed()
        return ordered.reduce(0) { ($0 << 8) | Int($1) }
    }
}
