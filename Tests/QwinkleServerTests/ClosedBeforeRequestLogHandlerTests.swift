import Logging
import Synchronization
import Testing

@testable import QwinkleServer

/// A connection that closes before its first request is not logged as an error; every other message is untouched.
@Suite("A connection closed before its first request")
struct ClosedBeforeRequestLogHandlerTests {
    /// Keeps what reaches it, by level and message.
    struct Recorder: LogHandler {
        let box: Lines
        var logLevel: Logger.Level
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        func log(event: LogEvent) {
            box.lines.withLock { $0.append("\(event.level) \(event.message)") }
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
    }

    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
    }

    static func logged(at level: Logger.Level) -> [String] {
        let box = Lines()
        var logger = Logger(label: "test") { _ in Recorder(box: box, logLevel: level) }
        logger.handler = ClosedBeforeRequestLogHandler(base: logger.handler)
        logger.error("Error handling upgrade result", metadata: ["error.type": "Inappropriate operation for state"])
        logger.error("Something else failed")
        logger.info("Listening")
        return box.lines.withLock { $0 }
    }

    @Test("It is debug, shown only when debug is; other errors and messages go through as they were")
    func demoted() {
        #expect(Self.logged(at: .info) == ["error Something else failed", "info Listening"])
        #expect(Self.logged(at: .debug) == ["debug Error handling upgrade result", "error Something else failed", "info Listening"])
    }
}
