import Foundation
import QwinkleTestSupport
import Testing

/// The spawner every process test uses: a child that kept another test's pipe open would hold that test's reader
/// until the child ended.
@Suite("Child processes")
struct ChildProcessTests {
    @Test("A child inherits only its three standard streams, not the pipes other tests hold open")
    func inheritsOnlyStandardStreams() async throws {
        var held: [Int32] = [-1, -1]
        #expect(pipe(&held) == 0)
        defer { held.forEach { close($0) } }
        let child = try ChildProcess("/bin/sh", ["-c", "exec ls /proc/self/fd"])
        let listing = String(decoding: child.standardOutput?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(await child.termination() == .exited(0))
        // 3 is the directory `ls` itself opened.
        #expect(listing.split(separator: "\n") == ["0", "1", "2", "3"])
    }

    @Test("A signal ends a child and is told apart from an exit status")
    func signalled() async throws {
        let child = try ChildProcess("/bin/sleep", ["30"])
        child.send(SIGTERM)
        #expect(await child.termination() == .signalled(SIGTERM))
        #expect(!child.isRunning)
        #expect(try await ChildProcess.run("/bin/sh", ["-c", "exit 3"]) == .exited(3))
    }
}
