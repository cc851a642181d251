import Foundation
import NIOHTTP1
import QwinkleTestSupport
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
    private let process: QwinkleProcess

    /// Starts `qwinkle serve` on `data` (and on the PostgreSQL `database` when one is given), run through `wrapper`
    /// (a tracer's command line) when one is given, on `port` (any free one when 0), with `options` besides, and
    /// waits until it says where it listens.
    static func start(data: URL, database: String? = nil, wrapper: [String] = [], port: Int = 0, options: [String] = []) async throws -> ServeProcess {
        let process = try QwinkleProcess(
            ["serve", "--port", String(port), "--data", data.path] + (database.map { ["--database", $0] } ?? []) + options, wrapper: wrapper
        )
        waitingFor("`qwinkle serve` on \(data.path) to say where it listens")
        guard let line = await process.firstOutputLine(where: { $0.hasPrefix("Qwinkle is listening on ") }) else {
            let ended = await process.finished()
            Issue.record("qwinkle serve exited early: \(ended.output)\(ended.errors)")
            throw CancellationError()
        }
        return ServeProcess(url: String(line.dropFirst("Qwinkle is listening on ".count)), process: process)
    }

    /// The port it listens on.
    var port: Int { url.split(separator: ":").last.flatMap { Int($0) } ?? 0 }

    /// The server's own process ID: the launched process, or its child when a tracer was wrapped around it.
    var serverPID: pid_t {
        let pid = process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) } ?? pid
    }

    /// Stops the server as Ctrl-C would and waits for it (and any tracer) to exit; returns how it ended.
    @discardableResult
    func stop() async -> QwinkleProcess.Finished {
        kill(serverPID, SIGTERM)
        waitingFor("`qwinkle serve` to stop after SIGTERM")
        return await process.finished()
    }

    /// Kills the server at once, as a crash or a power cut would stop it, and waits for it to be gone.
    func killNow() async {
        kill(serverPID, SIGKILL)
        waitingFor("`qwinkle serve` to be gone after SIGKILL")
        _ = await process.finished()
    }

    /// Sends a request and returns its status and body as JSON.
    func request(
        _ method: HTTPMethod, _ path: String, token: String? = nil, json: String? = nil, headers: [(String, String)] = [],
        failFast: Bool = false
    ) async throws -> (status: Int, json: JSON) {
        let response = try await TestHTTP.request(method, url + path, token: token, json: json, headers: headers, failFast: failFast)
        return (response.status, response.json)
    }

    /// Signs `username` up and returns its token.
    func signUp(_ username: String) async throws -> String {
        let response = try await request(.POST, "/api/qwinkle/v1/accounts", json: """
            {"username": "\(username)", "email": "\(username)@example.com", "password": "correct horse", "password_confirmation": "correct horse"}
            """)
        #expect(response.status == 201)
        return try #require(response.json["token"].string)
    }
}
