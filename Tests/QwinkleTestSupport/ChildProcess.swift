import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run as a child of the test process, started with `posix_spawn` rather than Foundation's `Process`.
///
/// The tests run hundreds at once, so the test process holds two thousand descriptors at its peak. Foundation's
/// `Process` on Linux lists `/proc/self/fd` to choose what the child must not inherit: it copies each name as a
/// 256-byte field past the end of the directory buffer (a crash, seen once in CI), and a pipe another test opens
/// after that listing still leaks into the child, so that test's reader waits for an end of file that comes only
/// when this child exits. Here the child closes every descriptor above standard error as it starts, and begins
/// with default signal handling and an empty signal mask, as it would from a shell.
public final class ChildProcess: Sendable {
    /// How a run ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal killed it.
        case signalled(Int32)

        /// The exit status, or the signal's number: what `Process.terminationStatus` reported.
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }
    }

    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A new pipe, read or written through the matching property.
        case pipe
    }

    /// Refusals to start.
    public enum SpawnError: Error, CustomStringConvertible {
        /// `posix_spawn` failed with this `errno`.
        case spawn(path: String, errno: Int32)
        /// This libc cannot close the child's inherited descriptors at spawn.
        case noCloseFrom

        public var description: String {
            switch self {
            case .spawn(let path, let code): "cannot start \(path): \(String(cString: strerror(code)))"
            case .noCloseFrom: "posix_spawn_file_actions_addclosefrom_np is missing from this C library"
            }
        }
    }

    /// The child's process ID.
    public let processIdentifier: pid_t
    /// The read end of the child's standard output, with `.pipe`.
    public let standardOutput: FileHandle?
    /// The read end of the child's standard error, with `.pipe`.
    public let standardError: FileHandle?
    /// How it ended, once it has.
    private let ending = Mutex<Termination?>(nil)
    /// Ends when the child has ended.
    private let ended: AsyncStream<Void>

    /// Starts `executable` with `arguments`; `environment` is exactly the child's, or the test's own when `nil`.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        standardInput: Stream = .null, standardOutput output: Stream = .pipe, standardError errors: Stream = .pipe
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        // The parent's ends of the pipes, and the child's ends to close here once it has them.
        var parentEnds: [Int32: FileHandle] = [:]
        var childEnds: [Int32] = []
        defer { childEnds.forEach { _ = close($0) } }
        for (target, stream) in [(STDIN_FILENO, standardInput), (STDOUT_FILENO, output), (STDERR_FILENO, errors)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw SpawnError.spawn(path: executable, errno: errno) }
                let (childEnd, parentEnd) = target == STDIN_FILENO ? (ends[0], ends[1]) : (ends[1], ends[0])
                childEnds.append(childEnd)
                parentEnds[target] = FileHandle(fileDescriptor: parentEnd, closeOnDealloc: true)
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
            }
        }
        try Self.closeInheritedDescriptors(&actions, &attributes)

        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Its own process group, as Foundation's `Process` did: a Ctrl-C meant for the tests does not reach it.
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let environment = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var pid = pid_t()
        let status = Self.withCStrings([executable] + arguments) { argv in
            Self.withCStrings(environment) { envp in
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else { throw SpawnError.spawn(path: executable, errno: status) }
        processIdentifier = pid
        standardOutput = parentEnds[STDOUT_FILENO]
        standardError = parentEnds[STDERR_FILENO]

        let (ended, finish) = AsyncStream<Void>.makeStream()
        self.ended = ended
        // A blocking wait on a thread of its own, so it never holds one of the test's tasks.
        // It waits without reaping first, and reaps under the lock `send` takes, so a signal never reaches a
        // process that took over a reaped child's ID.
        let thread = Thread { [self, pid] in
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
            self.ending.withLock { ending in
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
                let signal = raw & 0x7f
                ending = signal == 0 ? .exited((raw >> 8) & 0xff) : .signalled(signal)
            }
            finish.finish()
        }
        thread.start()
    }

    /// Sends `signal` to the child, unless it has already been waited for (its ID may then belong to another).
    public func send(_ signal: Int32) {
        ending.withLock { ending in
            if ending == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Whether the child still runs.
    public var isRunning: Bool { ending.withLock { $0 == nil } }

    /// Waits until the child has ended.
    public func termination() async -> Termination {
        for await _ in ended {}
        return ending.withLock { $0 } ?? .exited(-1)
    }

    /// Runs `executable` to its end with its output discarded, and tells how it ended.
    public static func run(_ executable: String, _ arguments: [String]) async throws -> Termination {
        try await ChildProcess(executable, arguments, standardOutput: .null, standardError: .null).termination()
    }

    /// Has the child close every descriptor above standard error when it starts, whoever opened it and when.
    private static func closeInheritedDescriptors(
        _ actions: inout posix_spawn_file_actions_t, _ attributes: inout posix_spawnattr_t
    ) throws {
        #if canImport(Glibc)
        // glibc 2.34 has it, but Swift's Glibc module does not show it (it is a GNU extension).
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
            throw SpawnError.noCloseFrom
        }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, STDERR_FILENO + 1)
        #endif
    }

    /// Calls `body` with `strings` as a null-terminated array of C strings.
    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
