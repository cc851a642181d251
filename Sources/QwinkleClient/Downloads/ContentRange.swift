/// A `Content-Range: bytes FIRST-LAST/COMPLETE` header of a 206 response.
struct ContentRange: Equatable, Sendable {
    /// The offset of the body's first byte in the whole file.
    var first: Int64
    /// The offset of the body's last byte.
    var last: Int64
    /// The whole file's length, when the server knows it (`*` otherwise).
    var completeLength: Int64?

    /// Reads the header; anything malformed is `nil`.
    init?(_ header: String) {
        guard header.hasPrefix("bytes ") else { return nil }
        let parts = header.dropFirst("bytes ".count).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let bounds = parts[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, first <= last else { return nil }
        let complete = parts[1] == "*" ? nil : Int64(parts[1])
        guard parts[1] == "*" || complete.map({ $0 > last }) == true else { return nil }
        self.first = first
        self.last = last
        self.completeLength = complete
    }
}
