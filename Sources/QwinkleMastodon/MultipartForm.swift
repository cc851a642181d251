import Foundation

/// A `multipart/form-data` body (RFC 7578), as apps upload media and avatars: its parts by name.
struct MultipartForm: Sendable {
    /// One part: a field, or a file with its name and type.
    struct Part: Sendable {
        var name: String
        var filename: String?
        var contentType: String?
        var body: [UInt8]
    }

    /// The parts, in order.
    let parts: [Part]

    /// What could not be read.
    struct Malformed: Error {
        let reason: String
    }

    /// Reads `body` sent with `contentType` (`multipart/form-data; boundary=…`).
    init(body: [UInt8], contentType: String) throws {
        guard contentType.lowercased().hasPrefix("multipart/form-data"), let boundary = Self.boundary(in: contentType) else {
            throw Malformed(reason: "The body must be multipart/form-data with a boundary.")
        }
        let delimiter = Array("--\(boundary)".utf8)
        var starts: [Int] = []
        var index = 0
        while let found = Self.find(delimiter, in: body, from: index) {
            // A delimiter starts the body or a line.
            if found == 0 || (found >= 2 && body[found - 2] == 13 && body[found - 1] == 10) { starts.append(found) }
            index = found + delimiter.count
        }
        guard starts.count >= 2 else { throw Malformed(reason: "The multipart body has no parts.") }
        var parts: [Part] = []
        for (start, end) in zip(starts, starts.dropFirst()) {
            let partStart = start + delimiter.count + 2
            // The part ends before the line break that precedes the next delimiter.
            let partEnd = end - 2
            guard partStart <= partEnd, let split = Self.find([13, 10, 13, 10], in: body, from: partStart), split <= partEnd else {
                throw Malformed(reason: "A part of the multipart body has no headers.")
            }
            let headers = String(decoding: body[partStart..<split], as: UTF8.self)
            var part = Part(name: "", filename: nil, contentType: nil, body: Array(body[(split + 4)..<max(split + 4, partEnd)]))
            for line in headers.split(separator: "\r\n") {
                let pieces = line.split(separator: ":", maxSplits: 1)
                guard pieces.count == 2 else { continue }
                let value = pieces[1].trimmingCharacters(in: .whitespaces)
                switch pieces[0].lowercased() {
                case "content-disposition":
                    part.name = Self.parameter("name", in: value) ?? ""
                    part.filename = Self.parameter("filename", in: value)
                case "content-type": part.contentType = value
                default: break
                }
            }
            parts.append(part)
        }
        self.parts = parts
    }

    /// The text of the field `name`, if sent.
    func text(_ name: String) -> String? {
        parts.first { $0.name == name && $0.filename == nil }.map { String(decoding: $0.body, as: UTF8.self) }
    }

    /// The file of the field `name`, if sent.
    func file(_ name: String) -> Part? {
        parts.first { $0.name == name && $0.filename != nil } ?? parts.first { $0.name == name }
    }

    /// The boundary of a content type.
    static func boundary(in contentType: String) -> String? {
        guard let value = parameter("boundary", in: contentType), !value.isEmpty, value.count <= 70 else { return nil }
        return value
    }

    /// A parameter of a header value (`name="value"` or `name=value`).
    static func parameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var text = pair[1].trimmingCharacters(in: .whitespaces)
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            return text
        }
        return nil
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
