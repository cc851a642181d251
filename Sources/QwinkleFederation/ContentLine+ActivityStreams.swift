import QwinkleKit

/// A value a note carries a line in: a string, or an object of ActivityStreams' vocabulary with the text as its name.
enum ActivityStreamsLineValue: Encodable, Sendable, Equatable {
    /// The text itself.
    case text(String)
    /// An object of this type (`Place`) named by the text.
    case named(type: String, name: String)

    private enum CodingKeys: String, CodingKey { case type, name }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .named(let type, let name):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encode(name, forKey: .name)
        }
    }

    /// The text a note's property holds in either form: a string, or an object's `name`.
    static func text(of value: Any?) -> String? {
        if let text = value as? String { return text }
        return (value as? [String: Any])?["name"] as? String
    }
}

extension ContentLine {
    /// The ActivityStreams property a note carries this line in, and its value there.
    func activityStreams(_ text: String) -> (property: String, value: ActivityStreamsLineValue) {
        switch self {
        case .contentWarning: ("summary", .text(text))
        case .location: ("location", .named(type: "Place", name: text))
        }
    }

    /// The lines a note of another server carries, each kept as content keeps it and cut to its limit.
    static func lines(in note: [String: Any]) -> [ContentLine: String] {
        var lines: [ContentLine: String] = [:]
        for line in ContentLine.allCases {
            let property = line.activityStreams("").property
            lines[line] = ContentLine.kept(ActivityStreamsLineValue.text(of: note[property])).map { String($0.prefix(line.limit)) }
        }
        return lines
    }
}
