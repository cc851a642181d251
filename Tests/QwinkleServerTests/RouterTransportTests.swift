import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIRuntime
@testable import QwinkleServer
import Synchronization
import Testing

/// How an API answer's body reaches the connection: a small body of known length as one buffer, which Hummingbird
/// writes with its head in one pass; anything else as the stream it was.
struct RouterTransportTests {
    @Test("a body of known length is written in one piece, however many chunks it came in")
    func collected() async throws {
        let body = Self.chunked([[1, 2, 3], [4, 5], [6, 7, 8, 9]], length: .known(9))
        let written = try await Self.written(RouterTransport<BasicRequestContext>.responseBody(body))
        #expect(written.parts == [[1, 2, 3, 4, 5, 6, 7, 8, 9]])
        #expect(written.finished)
    }

    @Test("a body of unknown length (an event stream) stays a stream, written chunk by chunk as it comes")
    func streamed() async throws {
        let body = Self.chunked([[1, 2], [3], [4, 5]], length: .unknown)
        let response = try await RouterTransport<BasicRequestContext>.responseBody(body)
        #expect(response.contentLength == nil)
        let written = try await Self.written(response)
        #expect(written.parts == [[1, 2], [3], [4, 5]])
        #expect(written.finished)
    }

    @Test("a body longer than the limit is streamed with its length, not held whole in memory")
    func large() async throws {
        let half = Int(RouterTransport<BasicRequestContext>.collectedLimit / 2) + 1
        let body = Self.chunked([[UInt8](repeating: 1, count: half), [UInt8](repeating: 2, count: half)], length: .known(Int64(2 * half)))
        let response = try await RouterTransport<BasicRequestContext>.responseBody(body)
        #expect(response.contentLength == 2 * half)
        let written = try await Self.written(response)
        #expect(written.parts.map(\.count) == [half, half])
    }

    @Test("no body is an empty one")
    func empty() async throws {
        let response = try await RouterTransport<BasicRequestContext>.responseBody(nil)
        #expect(response.contentLength == 0)
        let written = try await Self.written(response)
        #expect(written.parts.isEmpty)
        #expect(written.finished)
    }

    /// A body that yields `chunks` one at a time.
    private static func chunked(_ chunks: [[UInt8]], length: HTTPBody.Length) -> HTTPBody {
        let (stream, continuation) = AsyncStream<HTTPBody.ByteChunk>.makeStream()
        for chunk in chunks { continuation.yield(chunk[...]) }
        continuation.finish()
        return HTTPBody(stream, length: length)
    }

    /// What writing `body` hands the connection: each write's bytes, and whether the body was finished.
    private static func written(_ body: ResponseBody) async throws -> (parts: [[UInt8]], finished: Bool) {
        let record = Record()
        try await body.write(RecordingWriter(record: record))
        return record.state.withLock { ($0.parts, $0.finished) }
    }

    private final class Record: Sendable {
        let state = Mutex<(parts: [[UInt8]], finished: Bool)>(([], false))
    }

    private struct RecordingWriter: ResponseBodyWriter {
        let record: Record

        mutating func write(_ buffer: ByteBuffer) async throws {
            record.state.withLock { $0.parts.append(Array(buffer.readableBytesView)) }
        }

        mutating func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
            for buffer in buffers { try await write(buffer) }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
            record.state.withLock { $0.finished = true }
        }
    }
}
