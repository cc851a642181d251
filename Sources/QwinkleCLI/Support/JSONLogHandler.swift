import Logging

/// A log handler writing one JSON object per line through a shared `LogWriter`, for log collectors that read
/// structured logs: `{"time": ..., "level": ..., "label": ..., "message": ..., "metadata": {...}}`.
struct JSONLogHandler: LogHandler {
    /// Where lines go.
    let writer: LogWriter
    /// The logger's label.
    let label: String
    /// The least severe level logged.
    var logLevel: Logger.Level = .info
    /// Metadata added to every line of this logger.
    var metadata: Logger.Metadata = [:]
    /// Metadata added to each line when it is logged.
    var metadataProvider: Logger.MetadataProvider?

    /// Reads or changes one metadata value of this logger.
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Formats the object and queues it; warnings and worse are written at once.
    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let own = event.metadata { all.merge(own) { _, new in new } }
        var line = "{\"time\":"
        Self.appendString(writer.timestamp(), to: &line)
        line += ",\"level\":"
        Self.appendString(event.level.rawValue, to: &line)
        line += ",\"label\":"
        Self.appendString(label, to: &line)
        line += ",\"message\":"
        Self.appendString(event.message.description, to: &line)
        if !all.isEmpty {
            line += ",\"metadata\":"
            Self.append(.dictionary(all), to: &line)
        }
        line += "}"
        writer.write(line, urgent: event.level >= .warning)
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
