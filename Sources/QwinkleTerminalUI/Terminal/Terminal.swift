import CTerminal
import Dispatch
import Foundation
import QwinkleKit
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's terminal, full screen: raw mode and the alternate screen while open, and everything put back on
/// every way out (a normal close, `exit`, SIGINT, SIGTERM, SIGHUP, and crash signals, through the C shim).
public final class Terminal: Sendable {
    /// The terminal's sequences.
    public let capabilities: TerminalCapabilities
    /// Input events, resizes and stop signals, in order.
    public let events: AsyncStream<TerminalEvent>
    /// Feeds `events`.
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    /// The write end of the pipe that wakes the input thread to stop it.
    private let wakeWrite: Int32
    /// The read end.
    private let wakeRead: Int32

    /// Opens the terminal: raw mode, the alternate screen, mouse and bracketed paste, a hidden cursor.
    /// - Throws: `TerminalError.notATerminal` when standard input or output is not a terminal.
    public init(capabilities: TerminalCapabilities) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        self.capabilities = capabilities
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .notATerminal }
        (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
        let restore = Array(capabilities.restoreSequence.utf8)
        restore.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { qw_terminal_set_restore_sequence($0.baseAddress, $0.count) }
        }
        qw_terminal_install_crash_restore()
        guard qw_terminal_enter_raw(STDIN_FILENO) == 0 else { throw .notATerminal }
        write(Array(capabilities.startSequence.utf8))
        watchSignals()
        startReading()
    }

    /// The terminal's size in cells; 80 × 24 when it will not say.
    public var size: (width: Int, height: Int) {
        var columns: Int32 = 0
        var rows: Int32 = 0
        guard qw_terminal_size(STDOUT_FILENO, &columns, &rows) == 0 else { return (80, 24) }
        return (Int(columns), Int(rows))
    }

    /// Writes bytes, all of them, in as few writes as the terminal takes (one, for a frame of normal size).
    public func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            offset += count
        }
    }

    /// Puts the terminal back as it was and stops reading. Safe to call more than once.
    public func close() {
        qw_terminal_restore()
        var byte: UInt8 = 0
        _ = systemWrite(wakeWrite, &byte, 1)
        continuation.finish()
    }

    /// Turns SIGWINCH into `resized` and the stop signals into `terminate`, handled by the run loop like input.
    private func watchSignals() {
        let continuation = continuation
        // The sources are made inside the lock, so they never leave the storage that keeps them alive.
        Self.signalSources.withLock { sources in
            for signalNumber in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    continuation.yield(signalNumber == SIGWINCH ? .resized : .terminate(signal: signalNumber))
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// The signal sources, kept alive for the life of the process.
    private static let signalSources = Mutex<[any DispatchSourceSignal]>([])

    /// Reads standard input on a thread of its own, decoding as bytes come and flushing a lone Esc after
    /// `InputDecoder.escapeTimeout` of silence.
    private func startReading() {
        let continuation = continuation
        let wakeRead = wakeRead
        let thread = Thread {
            var decoder = InputDecoder()
            var buffer = [UInt8](repeating: 0, count: 4096)
            let timeout = Int32(InputDecoder.escapeTimeout.components.attoseconds / 1_000_000_000_000_000)
            while true {
                var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, 2, decoder.isWaiting ? timeout : -1)
                if ready < 0, errno == EINTR { continue }
                guard ready >= 0, fds[1].revents == 0 else { return }
                if ready == 0 {
                    decoder.flush().forEach { continuation.yield(.input($0)) }
                    continue
                }
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else {
                    continuation.yield(.terminate(signal: SIGHUP))
                    return
                }
                decoder.feed(buffer[..<count]).forEach { continuation.yield(.input($0)) }
            }
        }
        thread.start()
    }
}

/// The system's `write`, which the terminal's own `write` method hides inside the class.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, bytes, count)
}
