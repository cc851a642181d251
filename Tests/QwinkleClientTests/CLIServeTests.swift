import Foundation
import QwinkleCLI
import QwinkleServerCommands
import QwinkleTestSupport
import Testing

@Suite("qwinkle serve's settings")
struct CLIServeTests {
    /// Runs `qwinkle serve` in-process with a data folder of its own; only refused settings return.
    static func serve(_ arguments: [String]) async throws -> CLIHarness.Run {
        try await withTemporaryFolder { folder in
            let output = CapturedOutput()
            let errors = CapturedOutput()
            let context = CommandContext(
                environment: ["HOME": folder.path], input: ScriptedInput([]), output: output, errors: errors, outputIsTerminal: false
            )
            let code = await QwinkleCommand.run(["serve", "--port", "0", "--data", folder.appendingPathComponent("data").path] + arguments, in: context)
            return CLIHarness.Run(code: code, output: output.contents, errors: errors.contents)
        }
    }

    @Test("A rate limits file that cannot be read, or names an unknown limit, is one line and exit 1; so is a trusted proxy that is not an address")
    func refusedSettings() async throws {
        try await withTemporaryFolder { folder in
            let unknown = folder.appendingPathComponent("limits.json")
            try Data(#"{"login": {"limit": 1, "period": 60}}"#.utf8).write(to: unknown)
            let negative = folder.appendingPathComponent("negative.json")
            try Data(#"{"sign_up": {"limit": -5, "period": 60}}"#.utf8).write(to: negative)
            let cases: [([String], String)] = [
                (["--rate-limits", unknown.path], "login is not a kind of limit"),
                (["--rate-limits", negative.path], "cannot be negative"),
                (["--rate-limits", folder.appendingPathComponent("missing.json").path], "Cannot read the rate limits file"),
                (["--trusted-proxy", "10.0.0.0/33"], "--trusted-proxy 10.0.0.0/33 is not an IP address or network"),
            ]
            for (arguments, message) in cases {
                let run = try await Self.serve(arguments)
                #expect(run.code == 1, "\(arguments)")
                #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
                #expect(run.errors.split(separator: "\n").count == 1, "one line: \(run.errors)")
            }
        }
    }
}
