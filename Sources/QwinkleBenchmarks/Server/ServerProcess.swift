import Foundation

/// A server the benchmark runs as a separate process, pinned to its own CPU when `taskset` exists, and stopped with
/// SIGTERM as an operator would.
final class ServerProcess {
    /// What the server is, for messages.
    let name: String
    /// The running process (`taskset` execs the server, so its id is the server's).
    private let process: Process
    /// What it printed.
    private let output: ProcessOutput
    /// The address it listens on, host:port.
    private(set) var address = ""

    /// Starts `executable` with `arguments`, on `cpu` if given, and waits up to `timeout` for its listening line.
    init(
        name: String, executable: String, arguments: [String], listeningPrefix: String, cpu: Int?, timeout: Duration = .seconds(60)
    ) async throws {
        self.name = name
        output = ProcessOutput(listeningPrefix: listeningPrefix)
        process = Process()
        if let cpu, let taskset = CPUPinning.taskset {
            process.executableURL = URL(fileURLWithPath: taskset)
            process.arguments = ["-c", String(cpu), executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        process.standardInput = FileHandle.nullDevice
        output.drain(standardOutput)
        output.drain(standardError)
        do {
            try process.run()
        } catch {
            throw BenchFailure("cannot start \(name) (\(executable)): \(error.localizedDescription)")
        }
        let deadline = ContinuousClock.now + timeout
        while output.address == nil {
            guard process.isRunning else {
                throw BenchFailure("\(name) exited with status \(process.terminationStatus) before listening: \(lastLine)")
            }
            guard ContinuousClock.now < deadline else {
                await stop()
                throw BenchFailure("\(name) did not print its address within \(timeout): \(lastLine)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        address = output.address ?? ""
    }

    /// The last line the server printed, for a one-line error.
    private var lastLine: String {
        let lines = output.tail.split(separator: "\n")
        return lines.last.map(String.init) ?? "(it printed nothing)"
    }

    /// The process's peak resident memory in bytes (`VmHWM`), on Linux while it runs; `nil` elsewhere.
    func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1_024
        }
        return nil
    }

    /// Sends SIGTERM and waits for the process to finish its requests and exit; SIGKILL after `grace`.
    func stop(grace: Duration = .seconds(15)) async {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + grace
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        if process.isRunning {
            Output.warning("\(name) did not stop within \(grace) of SIGTERM; killing it")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
