/// Reads a `text/event-stream` body as it arrives, in chunks split anywhere, into events (the WHATWG rules that
/// matter here: `event:` and `data:` fields, several `data:` lines joined, comments ignored, a blank line ends
/// an event).
struct ServerSentEventParser {
    /// One event: its name (`message` when it had none) and its data.
    struct Event: Hashable {
        /// The `event:` field.
        var name: String
        /// The `data:` lines, joined with newlines.
        var data: String
    }

    /// The bytes of the line not yet ended.
    private var line: [UInt8] = []
    /// The current event's name.
    private var name: String?
    /// The current event's data lines.
    private var data: [String] = []

    /// The events completed by `bytes`.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                line.append(byte)
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if let event = take(String(decoding: line, as: UTF8.self)) { events.append(event) }
            line.removeAll(keepingCapacity: true)
        }
        return events
    }

    /// Takes one line; returns the event a blank line completes.
    private mutating func take(_ text: String) -> Event? {
        if text.isEmpty {
            defer { (name, data) = (nil, []) }
            return data.isEmpty ? nil : Event(name: name ?? "message", data: data.joined(separator: "\n"))
        }
        guard !text.hasPrefix(":") else { return nil }
        let field = text.prefix { $0 != ":" }
        var value = text.dropFirst(field.count).dropFirst()
        if value.hasPrefix(" ") { value = value.dropFirst() }
        switch field {
        case "event": name = String(value)
        case "data": data.append(String(value))
        default: break
        }
        return nil
    }
}
