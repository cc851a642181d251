import Logging

/// One log event as a JSON object on one line: `{"time": ..., "level": ..., "label": ..., "message": ...,
/// "metadata": {...}}`, for log collectors that read structured logs.
enum JSONLogLine {
    /// The line for one event.
    static func line(time: String, level: Logger.Level, label: String, message: Logger.Message, metadata: Logger.Metadata) -> String {
        var line = "{\"time\":"
        appendString(time, to: &line)
        line += ",\"level\":"
        appendString(level.rawValue, to: &line)
        line += ",\"label\":"
        appendString(label, to: &line)
        line += ",\"message\":"
        appendString(message.description, to: &line)
        if !metadata.isEmpty {
            line += ",\"metadata\":"
            append(.dictionary(metadata), to: &line)
        }
        line += "}"
        return line
    }

    /// A metadata value as JSON: strings as strings, lists as arrays, dictionaries as objects with sorted keys.
    private static func append(_ value: Logger.Metadata.Value, to line: inout String) {
        switch value {
        case .string(let text):
            appendString(text, to: &line)
        case .stringConvertible(let convertible):
            appendString(convertible.description, to: &line)
        case .array(let values):
            line += "["
            for (index, value) in values.enumerated() {
                if index > 0 { line += "," }
                append(value, to: &line)
            }
            line += "]"
        case .dictionary(let dictionary):
            line += "{"
            for (index, (key, value)) in dictionary.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { line += "," }
                appendString(key, to: &line)
                line += ":"
                append(value, to: &line)
            }
            line += "}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, so one line is always one object.
    private static func appendString(_ text: String, to line: inout String) {
        line += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                line += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                line.unicodeScalars.append(scalar)
            }
        }
        line += "\""
    }
}
