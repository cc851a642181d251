import Foundation
import Synchronization

/// Log lines for standard error, written in batches: a server logs a line for every request, and writing each one
/// on its own costs a system call per request.
///
/// Lines wait at most `interval` (a tenth of a second), or until 64 KiB have gathered; a warning or an error is
/// written at once, with everything before it. `flush()` writes what is waiting, as a server does when it stops.
final class LogWriter: Sendable {
    /// The lines not written yet, and the current second's timestamp.
    private struct Pending {
        var bytes: [UInt8] = []
        var second = Int.min
        var timestamp = ""
    }

    private let descriptor: Int32
    private let pending = Mutex(Pending())
    private static let batchBytes = 64 * 1024

    /// A writer to `descriptor` (standard error by default) that a background thread flushes every `interval`.
    init(descriptor: Int32 = STDERR_FILENO, interval: Duration = .milliseconds(100)) {
        self.descriptor = descriptor
        let microseconds = UInt32(interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000)
        // A thread of its own rather than a task, so a busy cooperative pool never holds the log back.
        Thread.detachNewThread { [weak self] in
            while let writer = self {
                usleep(microseconds)
                writer.flush()
            }
        }
    }

    /// The time now to the second, as `2026-11-23T00:41:07+00:00` (RFC 3339): formatted once a second, not per line.
    func timestamp() -> String {
        let now = time(nil)
        return pending.withLock { pending in
            if pending.second != now {
                pending.second = now
                pending.timestamp = Self.format(now)
            }
            return pending.timestamp
        }
    }

    /// Queues one line; `urgent` writes it at once.
    func write(_ line: String, urgent: Bool) {
        let full = pending.withLock { pending in
            pending.bytes.append(contentsOf: line.utf8)
            pending.bytes.append(UInt8(ascii: "\n"))
            return pending.bytes.count >= Self.batchBytes
        }
        if urgent || full { flush() }
    }

    /// Writes every queued line.
    func flush() {
        // Taken out under the lock but written outside it, so logging never waits for the disk or a slow pipe.
        let bytes = pending.withLock { pending in
            defer { pending.bytes.removeAll(keepingCapacity: true) }
            return pending.bytes
        }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            guard result > 0 else {
                if result < 0 && errno == EINTR { continue }
                return
            }
            written += result
        }
    }

    /// A second as local time with its offset, as `2026-11-23T00:41:07+00:00`.
    private static func format(_ second: time_t) -> String {
        var seconds = second
        var local = tm()
        localtime_r(&seconds, &local)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        // strftime writes the offset as +0000; RFC 3339 wants +00:00.
        var text = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.count >= 5 { text.insert(":", at: text.index(text.endIndex, offsetBy: -2)) }
        return text
    }
}
