import QwinkleTestSupport

/// The shape of a Mastodon entity as its documentation states it: the attributes it marks required, with their
/// types. Entity tests hold every answer of the Mastodon API to these, so an app that trusts the documentation can
/// trust Qwinkle.
indirect enum MastodonShape: Sendable {
    case string
    case integer
    case boolean
    case array(MastodonShape)
    /// An object with at least these attributes; others are allowed, as Mastodon adds them over releases.
    case object([String: MastodonShape])
    /// The value or `null`; the key must still be there.
    case nullable(MastodonShape)

    /// What in `json` does not fit, one line each, named by where it is (`configuration.statuses.max_characters`).
    func problems(in json: JSON, at path: String = "") -> [String] {
        let here = path.isEmpty ? "the entity" : path
        switch (self, json) {
        case (.nullable, .null): return []
        case (.nullable(let shape), _): return shape.problems(in: json, at: path)
        case (_, .null): return ["\(here) is null"]
        case (.string, .string), (.boolean, .bool): return []
        case (.integer, .number(let number)) where number.rounded() == number: return []
        case (.array(let element), .array(let elements)):
            return elements.enumerated().flatMap { element.problems(in: $0.element, at: "\(path)[\($0.offset)]") }
        case (.object(let attributes), .object(let object)):
            return attributes.sorted { $0.key < $1.key }.flatMap { name, shape in
                let inner = path.isEmpty ? name : "\(path).\(name)"
                guard let value = object[name] else { return ["\(inner) is missing"] }
                return shape.problems(in: value, at: inner)
            }
        default: return ["\(here) is not \(self.name)"]
        }
    }

    /// The type's name, for a problem.
    private var name: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .boolean: "a boolean"
        case .array: "an array"
        case .object: "an object"
        case .nullable(let shape): shape.name + " or null"
        }
    }
}
