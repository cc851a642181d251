import Foundation
import NIOHTTP1
import QwinkleTestSupport
import Testing

/// What only real `qwinkle serve` processes show: two of them on one data folder, and commits that reach the disk.
@Suite("Server processes", .timeLimit(.minutes(10)))
struct ServeProcessTests {
    @Test("Two server processes on one file make one entry for an idempotency key sent to both at once")
    func twoProcessesOneKey() async throws {
        try await withTemporaryFolder { folder in
            try await withTimeout {
                let first = try await ServeProcess.start(data: folder)
                let second = try await ServeProcess.start(data: folder)
                let token = try await first.signUp("abe")
                waitingFor("50 posts with one key, alternating between the two servers")
                let ids = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                    for attempt in 0..<50 {
                        group.addTask {
                            let server = attempt % 2 == 0 ? first : second
                            let response = try await server.request(
                                .POST, "/api/qwinkle/v1/entries", token: token,
                                json: #"{"kind": "update", "body": "Attempt \#(attempt)", "visibility": "public"}"#,
                                headers: [("Idempotency-Key", "retried")]
                            )
                            return (response.status, response.json["id"].string)
                        }
                    }
                    return try await group.reduce(into: [(Int, String?)]()) { $0.append($1) }
                }
                #expect(ids.allSatisfy { $0.0 == 201 || $0.0 == 200 }, "\(ids.map(\.0))")
                #expect(Set(ids.compactMap(\.1)).count == 1, "one entry, whichever server answered")
                let listed = try await second.request(.GET, "/api/qwinkle/v1/accounts/abe/entries", token: token)
                #expect(listed.json.ids == Array(Set(ids.compactMap(\.1))))
                await first.stop()
                await second.stop()
            }
        }
    }

    // strace is Linux's; on Linux (and so in CI) the test requires it rather than skipping, so it cannot pass unseen.
    #if os(Linux)
    @Test("Every committed write is synced to disk before it is answered (the WAL is fsynced per commit)")
    func commitsAreSynced() async throws {
        let strace = "/usr/bin/strace"
        try #require(FileManager.default.isExecutableFile(atPath: strace), "strace is needed to see the server's fsync calls (apt-get install strace)")
        try await withTemporaryFolder { folder in
            try await withTimeout {
                let trace = folder.appendingPathComponent("fsync.trace")
                let server = try await ServeProcess.start(
                    data: folder, wrapper: [strace, "-f", "-y", "-e", "trace=fsync,fdatasync", "-o", trace.path]
                )
                let token = try await server.signUp("abe")
                let posts = 10
                for index in 0..<posts {
                    let response = try await server.request(
                        .POST, "/api/qwinkle/v1/entries", token: token, json: #"{"kind": "journal", "body": "Day \#(index)", "visibility": "private"}"#
                    )
                    #expect(response.status == 201)
                }
                await server.stop()
                let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
                let walSyncs = lines.filter { $0.contains("qwinkle.sqlite-wal>") }.count
                // With synchronous = NORMAL the WAL is synced only when it is checkpointed: once or twice in all.
                #expect(walSyncs >= posts, "\(walSyncs) syncs of the WAL for \(posts) posts")
            }
        }
    }
    #endif
}
