import OpenAPIRuntime
import Testing

@testable import QwinkleServer

/// The frames the event streams write.
@Suite("Event stream frames")
struct EventStreamFrameTests {
    @Test("Frames: an event's fields on their own lines, data split at every line break, comments start with a colon")
    func frames() {
        let event = EventStreamFrame.event(ServerSentEvent(id: "12\n", event: "entry", data: "{\"a\": 1}\nsecond\r\nthird"))
        #expect(String(decoding: event.bytes, as: UTF8.self) == "id: 12\nevent: entry\ndata: {\"a\": 1}\ndata: second\ndata: third\n\n")
        #expect(String(decoding: EventStreamFrame.comment("keep-alive").bytes, as: UTF8.self) == ": keep-alive\n\n")
    }
}
