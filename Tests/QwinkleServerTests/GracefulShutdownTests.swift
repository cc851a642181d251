import Foundation
import QwinkleKit
import QwinkleServer
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import QwinkleTestSupport
import Testing

/// Stopping the server (Ctrl-C, SIGTERM) finishes what it started.
@Suite("Graceful shutdown")
struct GracefulShutdownTests {
    @Test("A request in flight when the server is told to stop is finished: its entry is stored and its answer sent",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/net/tcp"), "reads the server's socket queue from Linux's /proc"))
    func requestInFlightFinishes() async throws {
        // The body stops half way on purpose, for as long as the test takes: no slow-body limit may end it first.
        try await TestServer.withTemporaryData(timeouts: ConnectionTimeouts(bodyRateWindow: .seconds(3_600))) { server in
            try await withTimeout {
                try await server.serve { running in
                    let port = running.port
                    let storage = running.storage
                    let abe = try await storage.createAccount(NewAccount(
                        username: "abe", email: "abe@example.com", passwordHash: "unused", createdAt: Date()
                    ))
                    let token = "a-token-for-abe"
                    try await storage.storeToken(hash: tokenHash(token), for: abe.id, createdAt: Date(), client: "")

                    let body = Array(#"{"kind": "journal", "body": "Written as the lights went out", "visibility": "private"}"#.utf8)
                    let head = Array("""
                        POST /api/qwinkle/v1/entries HTTP/1.1\r
                        Host: 127.0.0.1\r
                        Authorization: Bearer \(token)\r
                        Content-Type: application/json\r
                        Content-Length: \(body.count)\r
                        \r

                        """.utf8)
                    let connection = try RawConnection(port: port)
                    try connection.write(head + body.prefix(10))
                    waitingFor("the server to read the request's head")
                    try await connection.untilServerHasRead()

                    await running.beginGracefulShutdown()
                    try connection.write(Array(body.dropFirst(10)))
                    waitingFor("the answer to the request in flight")
                    let answer = try await connection.readToEnd()
                    #expect(answer.hasPrefix("HTTP/1.1 201"), "\(answer)")
                    waitingFor("the server to stop")
                    try await running.untilStopped()
                    let stored = try await storage.entries(.author(abe.id, viewer: abe.id), page: PageRequest(limit: 10))
                    #expect(stored.map(\.item.body) == ["Written as the lights went out"])
                }
            }
        }
    }
}
