import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real `qwinkle serve` process on a free port, for what only separate processes show: two servers on one file,
/// and what reaches the disk.
struct ServeProcess: Sendable {
    /// The server's address, as it printed it.
    let url: String
    /// The process that was launched: the server, or the tracer wrapped around it.
    private let process: Process
    /// Where its output goes, read to learn its address.
    private let log: URL

    /// The `qwinkle` executable this test run built: beside the test bundle.
    static var executable: URL {
        get throws {
            let candidates = [
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            ].map { $0.appendingPathComponent("qwinkle") }
            return try #require(
                candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                "qwinkle was not built beside the tests; looked in \(candidates.map(\.path))"
            )
        }
    }

    /// Starts `qwinkle serve` on `data`, run through `wrapper` (a tracer's command line) when one is given, and
    /// waits until it says where it listens.
    static func start(data: URL, wrapper: [String] = []) async throws -> ServeProcess {
        let log = data.appendingPathComponent("serve-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        let serve = [try executable.path, "serve", "--port", "0", "--data", data.path]
        process.executableURL = URL(fileURLWithPath: wrapper.isEmpty ? serve[0] : "/usr/bin/env")
        process.arguments = wrapper.isEmpty ? Array(serve.dropFirst()) : wrapper + serve
        process.standardOutput = output
        process.standardError = output
        try process.run()
        waitingFor("`qwinkle serve` on \(data.path) to say where it listens")
        while true {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Qwinkle is listening on ") }) {
                return ServeProcess(url: String(line.dropFirst("Qwinkle is listening on ".count)), process: process, log: log)
            }
            guard process.isRunning else {
                Issue.record("qwinkle serve exited early: \(text)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The server's own process ID: the launched process, or its child when a tracer was wrapped around it.
    var serverPID: pid_t {
        get throws {
            let pid = process.processIdentifier
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            return children.split(separator: " ").first.flatMap { pid_t($0) } ?? pid
        }
    }

    /// Stops the server as Ctrl-C would and waits for it (and any tracer) to exit; returns what it printed.
    @discardableResult
    func stop() async throws -> String {
        kill(try serverPID, SIGTERM)
        waitingFor("`qwinkle serve` to stop after SIGTERM")
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    /// Sends a request and returns its status and body as JSON.
    func request(
        _ method: HTTPMethod, _ path: String, token: String? = nil, json: String? = nil, headers: [(String, String)] = []
    ) async throws -> (status: Int, json: JSON) {
        var request = HTTPClientRequest(url: url + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), (try? JSON(data: Data(body.readableBytesView))) ?? .null)
    }

    /// Signs `username` up and returns its token.
    func signUp(_ username: String) async throws -> String {
        let response = try await request(.POST, "/api/v1/accounts", json: """
            {"username": "\(username)", "email": "\(username)@example.com", "password": "correct horse", "password_confirmation": "correct horse"}
            """)
        #expect(response.status == 201)
        return try #require(response.json["token"].string)
    }
}
