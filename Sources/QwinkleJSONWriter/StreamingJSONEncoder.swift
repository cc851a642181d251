import Foundation

/// Writes a value's JSON while its `encode(to:)` walks it: the one JSON writer of both APIs' bodies (Qwinkle's and
/// Mastodon's).
///
/// Foundation's `JSONEncoder` first builds a tree of every value (a boxed dictionary per object, its keys hashed and
/// then sorted) and only then writes it; for a page of twenty entries that was a fifth of the server's time. This
/// encoder writes each member as it is encoded, in the order the type encodes them, into one byte array. What it
/// writes is the same JSON value `JSONEncoder` writes with the runtime's configuration (dates through the same
/// transcoder, data as Base64, URLs as their absolute strings, whole doubles without `.0`); only the order of an
/// object's members and the escaping of `/` differ, which JSON leaves free. `StreamingJSONEncoderTests` hold it to that.
public struct StreamingJSONEncoder: Sendable {
    /// Writes a date as the text JSON carries it.
    let encodeDate: @Sendable (Date) throws -> String

    /// An encoder writing dates as `encodeDate` does (both APIs: RFC 3339).
    public init(encodeDate: @escaping @Sendable (Date) throws -> String) {
        self.encodeDate = encodeDate
    }

    /// A value whose encoding writes to a container after a later member closed it, which text written in order
    /// cannot take back; `JSONEncoder`, which keeps the whole tree, can write it.
    public struct Unsupported: Error, CustomStringConvertible {
        /// What the value did that text written in order cannot follow.
        public let description: String
    }

    /// The value's JSON text.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = JSONStreamWriter(encodeDate: encodeDate)
        try writer.encodeValue(value, depth: 0)
        writer.close(from: 0)
        if let misuse = writer.misuse { throw Unsupported(description: misuse) }
        return writer.bytes
    }
}

/// The text written so far and the containers still open, shared by every encoder and container of one value.
///
/// A container has no end in the `Encoder` protocol, so one is closed when something is next written at a shallower
/// depth, or when the value that opened it has finished encoding.
final class JSONStreamWriter {
    /// An open level: a value being encoded that has not yet chosen a container, or the container it chose.
    enum Level {
        case pending
        case object(members: Int)
        case array(elements: Int)
        case single(written: Bool)
    }

    let encodeDate: @Sendable (Date) throws -> String
    // One writer serves one `encode` call on one thread, so the runtime's check of each access to these (a tenth of
    // the encoding's time in a profile) guards nothing.
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    @exclusivity(unchecked) private var levels: [Level] = []
    /// What went wrong, if a container was used in a way the text cannot follow; the text is then not used.
    @exclusivity(unchecked) private(set) var misuse: String?

    init(encodeDate: @escaping @Sendable (Date) throws -> String) {
        self.encodeDate = encodeDate
        bytes.reserveCapacity(16_384)
    }

    // MARK: Levels

    /// Encodes a value as the next thing written at `depth`, closing what it opened.
    func encodeValue<T: Encodable>(_ value: T, depth: Int) throws {
        // Comparing the static type first keeps a cast off every other value's path.
        if T.self == Date.self, let date = value as? Date {
            try writeString(encodeDate(date))
        } else if T.self == Data.self, let data = value as? Data {
            writeString(data.base64EncodedString())
        } else if T.self == URL.self, let url = value as? URL {
            writeString(url.absoluteString)
        } else if T.self == Decimal.self, let decimal = value as? Decimal {
            writeASCII(decimal.description)
        } else {
            close(from: depth)
            levels.append(.pending)
            try value.encode(to: StreamingEncoder(writer: self, depth: depth))
            close(from: depth)
        }
    }

    /// Opens an object at `depth`, or finds the one the value opened before (an encoder may be asked twice).
    func openObject(at depth: Int) {
        guard let level = level(at: depth) else { return }
        switch level {
        case .pending:
            bytes.append(UInt8(ascii: "{"))
            levels[depth] = .object(members: 0)
        case .object:
            break
        case .array, .single:
            misuse = "A keyed container was asked for where a value was already encoded."
        }
    }

    /// Opens an array at `depth`, or finds the one the value opened before.
    func openArray(at depth: Int) {
        guard let level = level(at: depth) else { return }
        switch level {
        case .pending:
            bytes.append(UInt8(ascii: "["))
            levels[depth] = .array(elements: 0)
        case .array:
            break
        case .object, .single:
            misuse = "An unkeyed container was asked for where a value was already encoded."
        }
    }

    /// Takes `depth` for one value written in place.
    func openSingle(at depth: Int) {
        guard let level = level(at: depth) else { return }
        if case .pending = level {
            levels[depth] = .single(written: false)
        } else {
            misuse = "A single value container was asked for where a value was already encoded."
        }
    }

    /// Writes an object member's key (and the comma before it), so that its value comes next; false if the object
    /// was closed already.
    func beginMember(_ key: String, at depth: Int) -> Bool {
        guard case .object(let members) = level(at: depth) else {
            misuse = misuse ?? "A keyed container was written to after it was closed."
            return false
        }
        if members > 0 { bytes.append(UInt8(ascii: ",")) }
        levels[depth] = .object(members: members + 1)
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        return true
    }

    /// Writes the comma before an array's next element; false if the array was closed already.
    func beginElement(at depth: Int) -> Bool {
        guard case .array(let elements) = level(at: depth) else {
            misuse = misuse ?? "An unkeyed container was written to after it was closed."
            return false
        }
        if elements > 0 { bytes.append(UInt8(ascii: ",")) }
        levels[depth] = .array(elements: elements + 1)
        return true
    }

    /// Whether the single value at `depth` may still be written.
    func beginSingle(at depth: Int) -> Bool {
        guard case .single(written: false) = level(at: depth) else {
            misuse = misuse ?? "A single value container was written to twice, or after it was closed."
            return false
        }
        levels[depth] = .single(written: true)
        return true
    }

    /// The level at `depth` with everything deeper closed, or nil (a misuse) if it was closed itself.
    private func level(at depth: Int) -> Level? {
        guard depth < levels.count else {
            misuse = misuse ?? "A container was used after it was closed."
            return nil
        }
        close(from: depth + 1)
        return levels[depth]
    }

    /// The number of elements an array at `depth` holds so far.
    func elementCount(at depth: Int) -> Int {
        guard depth < levels.count, case .array(let elements) = levels[depth] else { return 0 }
        return elements
    }

    /// Closes `depth` and everything deeper; a value that encoded nothing is written as `{}`, as `JSONEncoder` does.
    func close(from depth: Int) {
        while levels.count > depth, let level = levels.popLast() {
            switch level {
            case .pending: bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
            case .object: bytes.append(UInt8(ascii: "}"))
            case .array: bytes.append(UInt8(ascii: "]"))
            case .single(let written):
                if !written { misuse = misuse ?? "A single value container was asked for and left empty." }
            }
        }
    }

    /// Pushes a level for a nested container or a super encoder, whose value the caller encodes into.
    func pushPending() -> Int {
        levels.append(.pending)
        return levels.count - 1
    }

    // MARK: Scalars

    /// Writes `null`.
    func writeNull() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes `true` or `false`.
    func writeBool(_ value: Bool) {
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    /// Writes a whole number in decimal.
    func writeInteger<T: BinaryInteger>(_ value: T) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude's digits, least significant first, then reversed into place; `magnitude` keeps `Int.min` whole.
        var rest = value.magnitude
        let start = bytes.count
        while rest > 0 {
            let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit))
            rest = quotient
        }
        bytes[start...].reverse()
    }

    /// Writes a finite floating-point number as `JSONEncoder` does: its description, without a trailing `.0`.
    func writeFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T, codingPath: [any CodingKey]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "JSON has no \(value); only finite numbers can be written.")
            )
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        writeASCII(text)
    }

    /// Writes text that needs no quoting, such as a number's digits.
    private func writeASCII(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a string in quotes, escaping what JSON requires: quotes, backslashes and control characters.
    func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                appendEscaped(byte)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        }
    }
}
