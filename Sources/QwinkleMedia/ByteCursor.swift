/// Reads an image's bytes front to back by index into the one array, so nothing is copied while reading.
/// Every read checks that its bytes are there and throws `PhotoError.truncated` when they are not, so a
/// length field from a hostile file can never make a read go out of bounds.
struct ByteCursor {
    /// The whole file.
    let bytes: [UInt8]
    /// The format being read, named in errors.
    let type: ImageType
    /// Where the next read starts.
    private(set) var offset: Int
    /// Where reading must stop: the end of the file, or of a container that declares its own size.
    private(set) var end: Int

    init(_ bytes: [UInt8], type: ImageType) {
        self.bytes = bytes
        self.type = type
        offset = 0
        end = bytes.count
    }

    var remainingCount: Int { end - offset }

    var isAtEnd: Bool { offset == end }

    /// Stops reading `count` bytes from here; the caller has checked that they are there.
    mutating func limit(toNext count: Int) {
        end = offset + count
    }

    /// Moves forward `count` bytes and returns where they are. Takes any integer type so a 32-bit length
    /// is compared before it is converted, which matters where `Int` is 32 bits wide.
    mutating func take(_ count: some BinaryInteger) throws(PhotoError) -> Range<Int> {
        guard count >= 0, count <= remainingCount else { throw truncated() }
        let range = offset..<offset + Int(count)
        offset = range.upperBound
        return range
    }

    /// Moves to a position ahead of the cursor, found by scanning the bytes.
    mutating func move(to position: Int) {
        precondition(position >= offset && position <= end, "a cursor only moves forward, within its bytes")
        offset = position
    }

    mutating func byte() throws(PhotoError) -> UInt8 {
        bytes[try take(1).lowerBound]
    }

    mutating func uint16BigEndian() throws(PhotoError) -> UInt16 {
        try integer(bigEndian: true)
    }

    mutating func uint32BigEndian() throws(PhotoError) -> UInt32 {
        try integer(bigEndian: true)
    }

    mutating func uint32LittleEndian() throws(PhotoError) -> UInt32 {
        try integer(bigEndian: false)
    }

    /// Reads the given bytes, or fails with `reason` when the file has others there.
    mutating func expect(_ expected: some Collection<UInt8>, _ reason: @autoclosure () -> String) throws(PhotoError) {
        let start = offset
        guard bytes[try take(expected.count)].elementsEqual(expected) else { throw malformed(reason(), at: start) }
    }

    func truncated() -> PhotoError {
        .truncated(type, offset: end)
    }

    func malformed(_ reason: String, at position: Int? = nil) -> PhotoError {
        .malformed(type, offset: position ?? offset, reason: reason)
    }

    private mutating func integer<Integer: FixedWidthInteger>(bigEndian: Bool) throws(PhotoError) -> Integer {
        let value = bytes[try take(MemoryLayout<Integer>.size)].reduce(Integer.zero) { ($0 << 8) | Integer($1) }
        return bigEndian ? value : value.byteSwapped
    }
}
