import Foundation

/// What a signature covers of a request: its method, its target (path and query) and its headers.
public struct SignedRequest: Hashable, Sendable {
    /// The method, lowercased as the signing string writes it.
    public var method: String
    /// The path with its query, as sent.
    public var target: String
    /// Header values by lowercased name; a header sent more than once has its values joined by `, `.
    public var headers: [String: String]

    /// A request's parts.
    public init(method: String, target: String, headers: [(name: String, value: String)]) {
        self.method = method.lowercased()
        self.target = target
        var joined: [String: String] = [:]
        for (name, value) in headers {
            let name = name.lowercased()
            joined[name] = joined[name].map { "\($0), \(value)" } ?? value.trimmingCharacters(in: .whitespaces)
        }
        self.headers = joined
    }

    /// The signing string over `names`, in their order: `name: value` lines, `(request-target)` as `method target`.
    /// `nil` when the request lacks one of them, or one is a pseudo-header it cannot have (`(created)`).
    public func signingString(over names: [String]) -> String? {
        var lines: [String] = []
        for name in names {
            if name == "(request-target)" {
                lines.append("(request-target): \(method) \(target)")
            } else if let value = headers[name] {
                lines.append("\(name): \(value)")
            } else {
                return nil
            }
        }
        return lines.joined(separator: "\n")
    }
}

