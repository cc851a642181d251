/// Removes a JPEG's metadata segments: APP1 (EXIF, XMP), APP2 other than ICC profiles (FlashPix, MPF),
/// APP3–APP13 and APP15 (IPTC, maker data), COM comments, APP0 other than JFIF (JFXX thumbnails, which can
/// show the picture before it was cropped), and APP14 other than Adobe.
///
/// It keeps what a decoder needs or the picture's look depends on: JFIF, the ICC profile, Adobe's colour
/// transform, every table and frame header, the orientation (rewritten as a minimal EXIF segment, or phone
/// photos would show sideways), and the entropy-coded data unchanged. The file ends at its EOI marker: bytes
/// after it (a Motion Photo's video, MPF's second pictures) carry their own metadata and are dropped too.
struct JPEGSanitizer: FormatSanitizer {
    static func sanitize(_ bytes: [UInt8]) throws(PhotoError) -> [UInt8] {
        var cursor = ByteCursor(bytes, type: .jpeg)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        try cursor.expect([0xFF, Marker.startOfImage], "the file does not start with a start-of-image marker")
        output.append(contentsOf: [0xFF, Marker.startOfImage])

        var sawFrame = false
        var sawScan = false
        var sawExif = false
        while true {
            // A kept marker is copied with the fill bytes before it, so a clean file comes out byte for byte.
            let markerStart = cursor.offset
            guard try cursor.byte() == 0xFF else { throw cursor.malformed("a marker was expected", at: markerStart) }
            var code = try cursor.byte()
            while code == 0xFF { code = try cursor.byte() }

            switch code {
            case Marker.endOfImage:
                guard sawScan else { throw cursor.malformed("the image ends before its first scan", at: markerStart) }
                output.append(contentsOf: bytes[markerStart..<cursor.offset])
                return output
            case Marker.startOfImage:
                throw cursor.malformed("a second start-of-image marker", at: markerStart)
            case Marker.stuffedZero:
                throw cursor.malformed("a stuffed zero outside entropy-coded data", at: markerStart)
            case Marker.restarts, Marker.temporary:
                output.append(contentsOf: bytes[markerStart..<cursor.offset])
                continue
            default:
                break
            }

            let length = try cursor.uint16BigEndian()
            guard length >= 2 else { throw cursor.malformed("a segment length of \(length) is too short", at: markerStart) }
            let payload = bytes[try cursor.take(length - 2)]

            if code == Marker.app1, !sawExif, payload.starts(with: ExifOrientation.exifHeader) {
                sawExif = true
                if let orientation = ExifOrientation(exifPayload: payload) { output.append(contentsOf: orientation.segment) }
            } else if Self.keeps(code, payload: payload) {
                output.append(contentsOf: bytes[markerStart..<cursor.offset])
            }

            if Marker.frameHeaders.contains(code) { sawFrame = true }
            if code == Marker.startOfScan {
                guard sawFrame else { throw cursor.malformed("a scan comes before the frame header", at: markerStart) }
                sawScan = true
                let scanStart = cursor.offset
                cursor.move(to: try endOfEntropyCodedData(in: cursor))
                output.append(contentsOf: bytes[scanStart..<cursor.offset])
            }
        }
    }

    /// Whether a segment is kept: everything but the metadata application segments and comments.
    static func keeps(_ code: UInt8, payload: ArraySlice<UInt8>) -> Bool {
        switch code {
        case Marker.app0: payload.starts(with: Array("JFIF\0".utf8))
        case Marker.app2: payload.starts(with: Array("ICC_PROFILE\0".utf8))
        case Marker.app14: payload.starts(with: Array("Adobe".utf8))
        case Marker.app1, Marker.app3...Marker.app13, Marker.app15, Marker.comment: false
        default: true
        }
    }

    /// Where the scan's entropy-coded data ends: at the first 0xFF that starts a marker. In the data a 0xFF
    /// byte is followed by a stuffed zero, and restart markers belong to the scan.
    static func endOfEntropyCodedData(in cursor: ByteCursor) throws(PhotoError) -> Int {
        let bytes = cursor.bytes
        var index = cursor.offset
        while let candidate = bytes[index..<cursor.end].firstIndex(of: 0xFF), candidate + 1 < cursor.end {
            switch bytes[candidate + 1] {
            case Marker.stuffedZero, Marker.restarts: index = candidate + 2
            default: return candidate
            }
        }
        throw cursor.truncated()
    }

    /// The marker codes the sanitizer tells apart (ITU T.81, table B.1).
    enum Marker {
        static let stuffedZero: UInt8 = 0x00
        static let temporary: UInt8 = 0x01
        static let restarts: ClosedRange<UInt8> = 0xD0...0xD7
        static let startOfImage: UInt8 = 0xD8
        static let endOfImage: UInt8 = 0xD9
        static let startOfScan: UInt8 = 0xDA
        static let comment: UInt8 = 0xFE
        static let app0: UInt8 = 0xE0
        static let app1: UInt8 = 0xE1
        static let app2: UInt8 = 0xE2
        static let app3: UInt8 = 0xE3
        static let app13: UInt8 = 0xED
        static let app14: UInt8 = 0xEE
        static let app15: UInt8 = 0xEF
        /// SOF0–SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range.
        static let frameHeaders: Set<UInt8> = Set(0xC0...0xCF).subtracting([0xC4, 0xC8, 0xCC])
    }
}
