import ArgumentParser
import Foundation
import QwinkleCLI
import QwinkleKit

/// The `qwinkle` command: share simple, short updates about what is happening in your life.
public struct QwinkleCommand: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "qwinkle",
        abstract: "Share simple, short updates about what is happening in your life.",
        discussion: """
            Talks to a Qwinkle server (--server or QWINKLE_SERVER, default http://127.0.0.1:8080), or runs one \
            with `qwinkle serve`. Exit codes: 0 success, 1 refused, 2 usage, 3 server unreachable.
            """,
        version: QwinkleVersion.current,
        subcommands: [
            ServeCommand.self, AdminCommand.self, BackupCommand.self, RestoreBackupCommand.self,
        ] + ClientCommands.all
    )

    /// Creates the command; ArgumentParser fills it in.
    public init() {}

    /// Runs the command line `arguments` (without the program's name) in `context`, and returns the exit code:
    /// 0 success, 1 refused, 2 usage, 3 server unreachable. Help and errors are written to the context.
    public static func run(_ arguments: [String], in context: CommandContext = .process) async -> Int32 {
        await CommandContext.$current.withValue(context) {
            do {
                var command = try parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
                return 0
            } catch let failure as CommandFailure {
                context.errors.write("qwinkle: \(failure.message)\n")
                return failure.exitCode
            } catch {
                let code = exitCode(for: error)
                let message = fullMessage(for: error)
                if code == .success {
                    context.output.write(message + "\n")
                    return 0
                }
                context.errors.write(message + "\n")
                // ArgumentParser's usage errors are 64 (EX_USAGE); this command promises 2.
                return code == .validationFailure ? 2 : code.rawValue
            }
        }
    }
}
