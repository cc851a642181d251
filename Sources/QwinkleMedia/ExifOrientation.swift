/// The one EXIF field a sanitized JPEG keeps: the orientation, without which a phone photo (stored as the
/// sensor saw it, with a tag saying how to turn it) shows sideways. It is read from the original EXIF and
/// written back as a minimal EXIF segment that holds nothing else.
struct ExifOrientation: Equatable {
    /// How an APP1 segment that holds EXIF starts.
    static let exifHeader: [UInt8] = Array("Exif\0\0".utf8)
    private static let orientationTag: UInt16 = 0x0112
    private static let shortType: UInt16 = 3

    /// The EXIF orientation, 2 to 8 (1, upright, needs no segment).
    let value: UInt16

    /// Reads the orientation from an APP1 payload; `nil` when it is upright, absent or unreadable, since a
    /// broken EXIF segment is dropped anyway and must not cost the person their upload.
    init?(exifPayload payload: ArraySlice<UInt8>) {
        guard payload.starts(with: Self.exifHeader) else { return nil }
        let tiff = Array(payload.dropFirst(Self.exifHeader.count))
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func read(_ count: Int, at offset: Int) -> UInt32? {
            guard offset >= 0, offset <= tiff.count - count else { return nil }
            let value = tiff[offset..<offset + count].reduce(UInt32.zero) { ($0 << 8) | UInt32($1) }
            return bigEndian ? value : value.byteSwapped >> (32 - 8 * count)
        }
        guard read(2, at: 2) == 42, let ifdOffset = read(4, at: 4), ifdOffset < tiff.count,
            let entryCount = read(2, at: Int(ifdOffset))
        else { return nil }
        for entry in 0..<Int(entryCount) {
            let entryOffset = Int(ifdOffset) + 2 + 12 * entry
            guard let tag = read(2, at: entryOffset), let type = read(2, at: entryOffset + 2),
                let count = read(4, at: entryOffset + 4), let value = read(2, at: entryOffset + 8)
            else { return nil }
            guard tag == Self.orientationTag else { continue }
            guard type == Self.shortType, count == 1, (2...8).contains(value) else { return nil }
            self.value = UInt16(value)
            return
        }
        return nil
    }

    /// A complete APP1 segment, big-endian TIFF, whose only field is the orientation.
    var segment: [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]  // "MM", 42, first IFD at 8
        let ifd: [UInt8] = [0x00, 0x01]  // one entry
            + [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, UInt8(value >> 8), UInt8(value & 0xFF), 0x00, 0x00]
            + [0x00, 0x00, 0x00, 0x00]  // no next IFD
        let length = 2 + Self.exifHeader.count + tiff.count + ifd.count
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Self.exifHeader + tiff + ifd
    }
}
