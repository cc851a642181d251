import Foundation
import Hummingbird

/// A request's query as Mastodon (Rails) reads it: names and values percent-decoded (`types%5B%5D` is `types[]`, as
/// toot and Mastodon.py send it), a list under its name with or without `[]` (or indexed, `id[0]`), and a yes or no
/// in any of the spellings apps use.
struct MastodonQuery: Sendable {
    /// The pairs, decoded, in the order sent.
    let pairs: [(name: String, value: String)]

    /// The query of `request`.
    init(_ request: Request) {
        self.init(request.uri.query ?? "")
    }

    /// The query of a URL's query string.
    init(_ query: String) {
        pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decoded(parts[0]), parts.count > 1 ? Self.decoded(parts[1]) : "")
        }
    }

    /// The last value sent under `name`, as Rails keeps one.
    func get(_ name: String) -> String? {
        pairs.last { $0.name == name }?.value
    }

    /// Every value of the list `name`: `name[]`, `name[0]`… and `name` itself, repeated or not.
    func list(_ name: String) -> [String] {
        pairs.compactMap { pair in
            guard pair.name.hasPrefix(name) else { return nil }
            let rest = pair.name.dropFirst(name.count)
            let isIndex = rest.hasPrefix("[") && rest.hasSuffix("]") && rest.dropFirst().dropLast().allSatisfy(\.isNumber)
            return rest.isEmpty || isIndex ? pair.value : nil
        }
    }

    /// Whether `name` is set to yes (`true`, `1`, `True`, `on`…); `false` when it is absent or anything else.
    func flag(_ name: String) -> Bool {
        get(name).flatMap(MastodonFlag.init(text:))?.value ?? false
    }

    /// A name or value with `+` as a space and its percent escapes decoded; one whose escapes are not UTF-8 is kept
    /// as sent.
    private static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
