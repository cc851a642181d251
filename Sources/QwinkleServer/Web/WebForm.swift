import Foundation

/// A submitted `application/x-www-form-urlencoded` form: each name with every value it was sent with, in order,
/// since checkboxes and repeated fields (`effects`, `photo_id`) send one name several times.
struct WebForm: Sendable {
    private var values: [String: [String]] = [:]

    /// Reads a form body; pieces that are not `name=value` pairs are skipped.
    init(urlEncoded text: String) {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
            values[name, default: []].append(value)
        }
    }

    /// The first value sent for a name.
    subscript(name: String) -> String? { values[name]?.first }

    /// Every value sent for a name.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    private static func decode(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
