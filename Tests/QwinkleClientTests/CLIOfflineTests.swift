import Foundation
import QwinkleClient
import QwinkleKit
import Testing

@Suite("qwinkle: offline")
struct CLIOfflineTests {
    @Test("Without the server: the timeline last seen is shown marked stale, and a new post is queued (exit 3)")
    func offline() async throws {
        let bed = try OfflineTestBed()
        let cli = try await Self.signedUp(on: bed) { cli in
            #expect(await cli.run(["post", "Seen before the outage."]).code == 0)
            #expect(await cli.run(["timeline"]).output.contains("Seen before the outage."))
        }
        // The server is gone now; the same person on the same machine carries on.
        let down = try bed.unlistened()
        defer { down.release() }
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

    @Test("sync, once the server is back, sends every queued entry exactly once and in order (exit 0)")
    func syncSendsTheQueue() async throws {
        let bed = try OfflineTestBed()
        let cli = try await Self.signedUp(on: bed) { cli in
            #expect(await cli.run(["post", "Before the outage."]).code == 0)
        }
        try await Self.queued(["Queued first.", "Queued second.", "Queued third."], on: bed, by: cli)

        try await bed.live { address in
            let sync = await cli.run(["sync"])
            #expect(sync.code == 0, "\(sync.errors)")
            #expect(sync.output.hasSuffix("Synced.\n"), "\(sync.output)")
            let abe = OfflineTestBed.client(address, token: try CLIFlowTests.token(of: cli))
            let expected = ["Queued third.", "Queued second.", "Queued first.", "Before the outage."]
            let entries = try await abe.timeline(.account("abe")).items
            #expect(entries.map(\.entry.body) == expected)
            // What sync says it sent are the entries the server now has, in the order they were queued.
            #expect(Self.sentIDs(in: sync.output) == entries.prefix(3).reversed().map { "\($0.id)" })

            let again = await cli.run(["sync"])
            #expect(again.code == 0, "\(again.errors)")
            #expect(again.output.contains("Nothing was queued; your timeline is up to date."), "\(again.output)")
            #expect(try await OfflineTestBed.bodies(of: "abe", using: abe) == expected, "nothing was sent twice")
        }
    }

    @Test("With a queue waiting, the next command that reaches the server sends it before doing its own work")
    func theNextCommandSendsTheQueueFirst() async throws {
        let bed = try OfflineTestBed()
        let cli = try await Self.signedUp(on: bed) { _ in }
        try await Self.queued(["Queued first.", "Queued second."], on: bed, by: cli)

        try await bed.live { address in
            let timeline = await cli.run(["timeline"])
            #expect(timeline.code == 0, "\(timeline.errors)")
            #expect(Self.sentIDs(in: timeline.errors).count == 2, "\(timeline.errors)")
            // The queue went first: the home timeline read afterwards already shows both, newest first.
            let second = try #require(timeline.output.range(of: "Queued second."), "\(timeline.output)")
            let first = try #require(timeline.output.range(of: "Queued first."), "\(timeline.output)")
            #expect(second.lowerBound < first.lowerBound)
            let abe = OfflineTestBed.client(address, token: try CLIFlowTests.token(of: cli))
            #expect(try await OfflineTestBed.bodies(of: "abe", using: abe) == ["Queued second.", "Queued first."])

            let sync = await cli.run(["sync"])
            #expect(sync.output.contains("Nothing was queued"), "the queue is empty once sent: \(sync.output)")
            #expect(try await OfflineTestBed.bodies(of: "abe", using: abe) == ["Queued second.", "Queued first."])
        }
    }

    /// Signs abe up with the CLI on the bed's server, runs `online` while it is still up, and stops it; the
    /// harness returned keeps abe's home and the server's address.
    static func signedUp(on bed: OfflineTestBed, online: @Sendable (CLIHarness) async throws -> Void) async throws -> CLIHarness {
        let home = bed.folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await bed.live { address in
            let cli = CLIHarness(server: address.description, home: home)
            await cli.signUp("abe")
            try await online(cli)
            return cli
        }
    }

    /// Posts each body while the bed's server is down, checking each is queued.
    static func queued(_ bodies: [String], on bed: OfflineTestBed, by cli: CLIHarness) async throws {
        let down = try bed.unlistened()
        defer { down.release() }
        for body in bodies {
            let run = await cli.run(["post", body])
            #expect(run.code == 3, "\(run.errors)")
            #expect(run.errors.contains("queued — run `qwinkle sync`"), "\(run.errors)")
        }
    }

    /// The entry IDs in "Sent the queued entry as #ID." lines, in order.
    static func sentIDs(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Sent the queued entry as #") else { return nil }
            return String(line.dropFirst("Sent the queued entry as #".count).prefix { $0 != "." })
        }
    }
}
