/// The marker segments of a JPEG's header, read up to its first scan, to check which ones a file holds.
struct JPEGSegments: Sequence {
    /// One segment: its marker and its bytes, marker and length included.
    struct Segment {
        /// The byte after 0xFF (0xE1 is APP1).
        let marker: UInt8
        /// The whole segment as it stands in the file.
        let bytes: [UInt8]
    }

    private let segments: [Segment]

    /// Reads the segments after the start-of-image marker, up to the first scan or the first malformed byte.
    init(_ bytes: [UInt8]) {
        var segments: [Segment] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard marker != 0xDA, length >= 2, offset + 2 + length <= bytes.count else { break }
            segments.append(Segment(marker: marker, bytes: Array(bytes[offset..<(offset + 2 + length)])))
            offset += 2 + length
        }
        self.segments = segments
    }

    func makeIterator() -> IndexingIterator<[Segment]> {
        segments.makeIterator()
    }
}
