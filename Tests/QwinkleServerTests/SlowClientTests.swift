import Foundation
import QwinkleServer
import QwinkleTestSupport
import Testing

/// Clients that are slow on purpose are not kept: each holds a descriptor for as long as it is allowed to.
@Suite("Slow clients")
struct SlowClientTests {
    /// Each test shortens only the limit it is about, so that another limit cannot pass it by accident.
    static func timeouts(header: Duration = .seconds(60), idle: Duration = .seconds(60), bodyRateWindow: Duration = .seconds(60)) -> ConnectionTimeouts {
        ConnectionTimeouts(header: header, idle: idle, minimumBodyRate: 1_000, bodyRateWindow: bodyRateWindow)
    }

    @Test("A connection that never finishes its request head is closed after the header timeout")
    func unfinishedHead() async throws {
        try await TestServer.withTemporaryData(timeouts: Self.timeouts(header: .seconds(1))) { server in
            // The time limit is the connection's alone: starting a server beside hundreds of tests can take longer.
            try await server.serve { running in
                try await withTimeout(.seconds(60)) {
                    let connection = try RawConnection(port: running.port)
                    let start = ContinuousClock.now
                    try connection.write(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
                    waitingFor("the server to close a connection whose head never ends")
                    let answer = try await connection.readToEnd()
                    let elapsed = ContinuousClock.now - start
                    #expect(answer.isEmpty)
                    #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(20), "closed after \(elapsed)")
                }
            }
        }
    }

    @Test("Bytes that are not HTTP, such as a TLS hello sent to the plain port, are closed at once, not kept until a timeout")
    func notHTTP() async throws {
        try await TestServer.withTemporaryData(timeouts: Self.timeouts()) { server in
            try await server.serve { running in
                // A client trying `https` first, as the federation fetcher does, must learn at once that it is wrong.
                let tlsHello: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0x2F, 0x01, 0x00, 0x00, 0x2B, 0x03, 0x03]
                for bytes in [tlsHello, Array("NOT A REQUEST\r\n\r\n".utf8)] {
                    try await withTimeout(.seconds(30)) {
                        let connection = try RawConnection(port: running.port)
                        try connection.write(bytes)
                        waitingFor("the server to close a connection that does not speak HTTP")
                        let answer = try await connection.readToEnd()
                        #expect(!answer.hasPrefix("HTTP/1.1 2"), "\(answer)")
                    }
                }
                // The server goes on serving.
                let connection = try RawConnection(port: running.port)
                try connection.write(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
                #expect(try await connection.readToEnd().hasPrefix("HTTP/1.1 200"))
            }
        }
    }

    @Test("A keep-alive connection is answered, then closed once it has been idle for the idle timeout")
    func idleKeepAlive() async throws {
        try await TestServer.withTemporaryData(timeouts: Self.timeouts(idle: .seconds(1))) { server in
            try await server.serve { running in
                try await withTimeout(.seconds(60)) {
                    let connection = try RawConnection(port: running.port)
                    try connection.write(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                    let start = ContinuousClock.now
                    waitingFor("the server to close an idle connection")
                    let answer = try await connection.readToEnd()
                    #expect(answer.hasPrefix("HTTP/1.1 200"))
                    #expect(ContinuousClock.now - start >= .milliseconds(900))
                }
            }
        }
    }

    @Test("A request body that trickles in slower than the floor is dropped")
    func tricklingBody() async throws {
        try await TestServer.withTemporaryData(timeouts: Self.timeouts(bodyRateWindow: .seconds(1))) { server in
            try await server.serve { running in
                try await withTimeout(.seconds(60)) {
                    let connection = try RawConnection(port: running.port)
                    let head = "POST /api/qwinkle/v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n"
                    try connection.write(Array(head.utf8))
                    let start = ContinuousClock.now
                    waitingFor("the server to drop a body arriving at 50 bytes a second")
                    while connection.sendIfOpen(Array(repeating: UInt8(ascii: " "), count: 10)), ContinuousClock.now - start < .seconds(30) {
                        try await Task.sleep(for: .milliseconds(200))
                    }
                    _ = try await connection.readToEnd()
                    #expect(ContinuousClock.now - start < .seconds(20), "dropped after \(ContinuousClock.now - start)")
                }
            }
        }
    }

    @Test(
        "A thousand connections that never finish their heads: none is closed early, /health answers beside them, and all are closed in time",
        .enabled(
            if: ProcessInfo.processInfo.environment["QWINKLE_MANY_CONNECTIONS"] == "1",
            "set QWINKLE_MANY_CONNECTIONS=1 to run it, alone: its 2,000 descriptors would push other tests' pipes past 1,024, where Foundation's Process crashes"
        )
    )
    func aThousandSlowConnections() async throws {
        let header = Duration.seconds(20)
        try await TestServer.withTemporaryData(timeouts: Self.timeouts(header: header)) { server in
            try await withTimeout(.seconds(180)) {
                try await server.serve { running in
                    waitingFor("1,000 slow connections to be opened")
                    // Opening them can take a while on a busy machine (connects wait while the accept queue is full),
                    // so each connection's own opening time is what its deadline is judged from.
                    let slow = try await onOwnThread {
                        try (0..<1_000).map { _ in
                            let connection = try RawConnection(port: running.port)
                            try connection.write(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8))
                            return (connection, ContinuousClock.now)
                        }
                    }
                    let health = try RawConnection(port: running.port)
                    try health.write(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
                    let answer = try await health.readToEnd()
                    #expect(answer.hasPrefix("HTTP/1.1 200"))
                    let now = ContinuousClock.now
                    let young = slow.filter { now - $0.1 < header - .seconds(2) }
                    #expect(young.allSatisfy { !$0.0.isClosedByServer }, "a connection was closed before its header timeout")
                    #expect(!young.isEmpty, "/health was asked only after every slow connection's deadline")

                    waitingFor("the server to close 1,000 slow connections")
                    var closed = 0
                    for (connection, _) in slow where try await connection.readToEnd().isEmpty { closed += 1 }
                    #expect(closed == 1_000)
                    let lastOpened = slow.map(\.1).max() ?? now
                    #expect(ContinuousClock.now - lastOpened < header + .seconds(30), "closed \(ContinuousClock.now - lastOpened) after the last was opened")
                }
            }
        }
    }
}

/// Runs blocking work (a thousand `connect`s, which wait while the server's accept queue is full) on a thread of its
/// own: on the shared pool, with as many threads as cores, it would hold up every other test.
private func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
