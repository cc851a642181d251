import Foundation
import Synchronization

/// One of a child process's output streams, read to its end on a thread of its own, so a blocking read never
/// holds up the tasks of the tests.
final class PipeReader: Sendable {
    /// Each line as it arrives, without its newline.
    let lines: AsyncStream<String>
    /// Everything read so far.
    private let bytes = Mutex(Data())
    /// Ends when the stream has.
    private let end: AsyncStream<Void>

    /// Starts reading `handle` until its end.
    init(_ handle: FileHandle) {
        let (lines, linesContinuation) = AsyncStream<String>.makeStream()
        let (end, endContinuation) = AsyncStream<Void>.makeStream()
        self.lines = lines
        self.end = end
        let thread = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes.withLock { $0.append(chunk) }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    linesContinuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[pending.index(after: newline)...])
                }
            }
            linesContinuation.finish()
            endContinuation.finish()
        }
        thread.start()
    }

    /// Everything read, once the stream has ended.
    func text() async -> String {
        for await _ in end {}
        return bytes.withLock { String(decoding: $0, as: UTF8.self) }
    }
}
