import Foundation
import HummingbirdTesting
import QwinkleCLI
import QwinkleServerCommands
import QwinkleTestSupport
import Testing

/// A real Qwinkle server listening on a free port, and the `qwinkle` command run in-process against it with
/// its own home directory, environment and standard input.
struct CLIHarness: Sendable {
    /// What one run printed and returned.
    struct Run: Sendable {
        let code: Int32
        let output: String
        let errors: String
    }

    let server: String
    let home: URL

    /// Runs `body` with a server on a fresh SQLite file and an empty home directory; both are removed afterwards.
    /// (To see what the command does once the server is gone, run it against an `OfflineTestBed` instead.)
    static func withServer(_ body: @Sendable (CLIHarness) async throws -> Void) async throws {
        try await TestServer.withTemporaryData { server in
            let home = server.dataDirectory.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try await server.test(live: true) { client in
                let port = try #require(client.port)
                try await body(CLIHarness(server: "http://127.0.0.1:\(port)", home: home))
            }
        }
    }

    /// Another person on the same server, with a home of their own.
    func person(_ name: String) throws -> CLIHarness {
        let home = home.deletingLastPathComponent().appendingPathComponent("home-\(name)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return CLIHarness(server: server, home: home)
    }

    /// Runs `qwinkle ARGUMENTS` with `QWINKLE_SERVER` set to the test server; with `terminal`, the input stands in for
    /// a person typing at a terminal.
    func run(_ arguments: [String], input: [String] = [], terminal: Bool = false, environment: [String: String] = [:]) async -> Run {
        let output = CapturedOutput()
        let errors = CapturedOutput()
        var variables = ["HOME": home.path, "QWINKLE_SERVER": server]
        variables.merge(environment) { $1 }
        let context = CommandContext(
            environment: variables, input: ScriptedInput(input, isTerminal: terminal), output: output, errors: errors, outputIsTerminal: false
        )
        let code = await QwinkleCommand.run(arguments, in: context)
        return Run(code: code, output: output.contents, errors: errors.contents)
    }

    /// Signs `username` up with a valid password through `qwinkle signup --password-stdin`.
    @discardableResult
    func signUp(_ username: String, sourceLocation: SourceLocation = #_sourceLocation) async -> Run {
        let run = await run(["signup", "--username", username, "--email", "\(username)@example.com", "--password-stdin"], input: ["correct horse"])
        #expect(run.code == 0, "\(run.errors)", sourceLocation: sourceLocation)
        return run
    }
}
