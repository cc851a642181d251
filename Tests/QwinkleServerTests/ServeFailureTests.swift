import Foundation
import QwinkleTestSupport
import Testing

/// `qwinkle serve` failing to start says why in words a person can act on, with the exit code of a refusal (1), not
/// a usage error's (2) with the usage text, since the command line was right.
@Suite("Serve failures", .timeLimit(.minutes(5)))
struct ServeFailureTests {
    @Test("A port another program holds is named: \"Port N is in use\", exit 1, without the socket call's own words")
    func portInUse() async throws {
        try await withTemporaryFolder { folder in
            try await withTimeout {
                let holder = try await ServeProcess.start(data: folder.appendingPathComponent("first"))
                let second = try QwinkleProcess(["serve", "--port", "\(holder.port)", "--data", folder.appendingPathComponent("second").path])
                let ended = await second.finished()
                await holder.stop()
                #expect(ended.status == 1, "\(ended.output)\(ended.errors)")
                // Log lines may come first; the failure is the last line.
                let last = ended.errors.split(separator: "\n").last.map(String.init) ?? ""
                #expect(last.hasPrefix("qwinkle: Port \(holder.port) is in use (another program is listening on 127.0.0.1:\(holder.port))"), "\(ended.errors)")
                #expect(!ended.errors.contains("bind("), "\(ended.errors)")
                #expect(!ended.errors.contains("USAGE"), "\(ended.errors)")
            }
        }
    }

    @Test("A data folder that cannot be created is a refusal (exit 1) naming it, without the usage text")
    func uncreatableDataFolder() async throws {
        try await withTimeout {
            let serve = try QwinkleProcess(["serve", "--port", "0", "--data", "/proc/nope"])
            let ended = await serve.finished()
            #expect(ended.status == 1, "\(ended.output)\(ended.errors)")
            #expect(ended.errors.hasPrefix("qwinkle: Cannot create the data folder /proc/nope"), "\(ended.errors)")
            #expect(!ended.errors.contains("USAGE"), "\(ended.errors)")
        }
    }
}
