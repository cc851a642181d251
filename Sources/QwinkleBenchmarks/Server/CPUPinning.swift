import Foundation

/// Keeps the server and the load on different cores, so neither takes the other's time.
enum CPUPinning {
    /// The server's core.
    static let serverCPU = 0
    /// The load generator's core.
    static let clientCPU = 1

    /// The path of `taskset`, if it is installed.
    static let taskset: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/taskset" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether pinning is possible here: `taskset` and at least two cores.
    static var isAvailable: Bool {
        taskset != nil && ProcessInfo.processInfo.activeProcessorCount >= 2
    }

    /// Pins every thread of this process, and so the threads it starts later, to the client's core.
    static func pinSelf() -> Bool {
        guard isAvailable, let taskset else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: taskset)
        process.arguments = ["-a", "-p", "-c", String(clientCPU), String(getpid())]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
