import Foundation
import QwinkleServerCommands

/// The `qwinkle` executable: everything it does lives in QwinkleCLI and QwinkleServerCommands, so tests can drive the
/// same commands.
@main
enum Qwinkle {
    static func main() async {
        exit(await QwinkleCommand.run(Array(CommandLine.arguments.dropFirst())))
    }
}
