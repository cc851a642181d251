import Foundation
import QwinkleCLI

/// The `qwinkle` executable: everything it does lives in QwinkleCLI, so tests can drive the same commands.
@main
enum Qwinkle {
    static func main() async {
        exit(await QwinkleCommand.run(Array(CommandLine.arguments.dropFirst())))
    }
}
