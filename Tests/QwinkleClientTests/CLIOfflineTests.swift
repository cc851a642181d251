import Foundation
import Testing

@Suite("qwinkle: offline")
struct CLIOfflineTests {
    @Test("Without the server: the timeline last seen is shown marked stale, and a new post is queued (exit 3)")
    func offline() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-offline-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let server = Server()
        try await CLIHarness.withServer(home: home) { cli in
            server.address = cli.server
            await cli.signUp("abe")
            #expect(await cli.run(["post", "Seen before the outage."]).code == 0)
            #expect(await cli.run(["timeline"]).output.contains("Seen before the outage."))
        }
        // The server is gone now; the same person on the same machine carries on.
        let cli = CLIHarness(server: try #require(server.address), home: home)
        let stale = await cli.run(["timeline"])
        #expect(stale.code == 3)
        #expect(stale.output.contains("Seen before the outage."))
        #expect(stale.errors.contains("(stale)"))
        #expect(await cli.run(["timeline", "public"]).code == 3, "nothing cached for public: only the error")

        let queued = await cli.run(["post", "Written offline."])
        #expect(queued.code == 3)
        #expect(queued.errors.contains("queued — run `qwinkle sync`"))
        let sync = await cli.run(["sync"])
        #expect(sync.code == 3)
        #expect(sync.errors.contains("1 queued entry waits for the next sync."))
    }

    /// The address of the server that was, kept past its closure.
    final class Server: @unchecked Sendable {
        var address: String?
    }
}
