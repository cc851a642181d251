import Logging

/// A log handler whose lines go through a shared `LogWriter`, batched: the line `StreamLogHandler` would print, or
/// one JSON object a line for log collectors.
struct BufferedLogHandler: LogHandler {
    /// How a line is written.
    enum Format {
        /// `TIME LEVEL LABEL : key=value ... MESSAGE`, as `StreamLogHandler` prints it.
        case text
        /// `{"time": ..., "level": ..., "label": ..., "message": ..., "metadata": {...}}`.
        case json
    }

    /// Where lines go.
    let writer: LogWriter
    /// The logger's label, printed on each line.
    let label: String
    /// How lines are written.
    var format: Format = .text
    /// The least severe level logged.
    var logLevel: Logger.Level = .info
    /// Metadata printed on every line of this logger.
    var metadata: Logger.Metadata = [:]
    /// Metadata added to each line when it is logged.
    var metadataProvider: Logger.MetadataProvider?

    /// Reads or changes one metadata value of this logger.
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Formats the line and queues it; warnings and worse are written at once.
    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let own = event.metadata { all.merge(own) { _, new in new } }
        let line = switch format {
        case .text: textLine(event, metadata: all)
        case .json: JSONLogLine.line(time: writer.timestamp(), level: event.level, label: label, message: event.message, metadata: all)
        }
        writer.write(line, urgent: event.level >= .warning)
    }

    private func textLine(_ event: LogEvent, metadata: Logger.Metadata) -> String {
        var line = "\(writer.timestamp()) \(event.level) \(label) :"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        line += " \(event.message)"
        return line
    }
}
