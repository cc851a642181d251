import Testing

@testable import QwinkleClient

/// The `text/event-stream` reader behind live timelines.
@Suite struct ServerSentEventParserTests {
    /// A stream split at every byte still gives its events whole: comments skipped, data lines joined, CRLF taken.
    @Test func eventsSplitAnywhere() {
        let stream = ": live\n\nevent: entry\nid: 7\ndata: {\"a\":\ndata:  1}\r\n\r\ndata: plain\n\nevent: delete\n"
        var parser = ServerSentEventParser()
        var events: [ServerSentEventParser.Event] = []
        for byte in stream.utf8 { events += parser.feed([byte]) }
        #expect(events == [
            ServerSentEventParser.Event(name: "entry", data: "{\"a\":\n 1}"),
            ServerSentEventParser.Event(name: "message", data: "plain"),
        ])
        #expect(parser.feed(Array("data: {}\n\n".utf8)) == [ServerSentEventParser.Event(name: "delete", data: "{}")])
    }
}
