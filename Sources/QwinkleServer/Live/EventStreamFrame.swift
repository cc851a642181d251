import OpenAPIRuntime

/// One piece of a `text/event-stream` body, as the HTML standard's server-sent events define it.
///
/// Written here rather than by the runtime's `asEncodedServerSentEvents()`, which writes events only: the
/// heartbeat is a comment line, which every client ignores.
enum EventStreamFrame: Hashable, Sendable {
    /// An event, dispatched to the client's listeners.
    case event(ServerSentEvent)
    /// A comment line: clients ignore it, but it keeps the connection written to.
    case comment(String)

    /// The frame's bytes, ending with the blank line that ends an event.
    var bytes: ArraySlice<UInt8> {
        var text = ""
        switch self {
        case .event(let event):
            // `id` and `event` are one line each; the data is split into `data:` lines, which the client joins
            // again with line feeds.
            if let id = event.id { text += "id: \(Self.oneLine(id))\n" }
            if let name = event.event { text += "event: \(Self.oneLine(name))\n" }
            if let retry = event.retry { text += "retry: \(retry)\n" }
            if let data = event.data {
                for line in Self.lines(data) { text += "data: \(line)\n" }
            }
        case .comment(let comment):
            for line in Self.lines(comment) { text += ": \(line)\n" }
        }
        text += "\n"
        return ArraySlice(text.utf8)
    }

    /// The text's lines, whichever of CRLF, CR or LF ends them (a CRLF is one `Character`).
    private static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak)
    }

    /// The text without line breaks, which would end the field early.
    private static func oneLine(_ text: String) -> String {
        text.filter { !isLineBreak($0) }
    }

    /// Whether a character ends a line in an event stream; other Unicode line separators do not.
    private static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n"
    }
}
