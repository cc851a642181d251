import ArgumentParser
import QwinkleCLI

/// The `qwinkle` executable: everything it does lives in QwinkleCLI, so tests can drive the same commands.
@main
enum Qwinkle {
    static func main() async {
        await QwinkleCommand.main(nil as [String]?)
    }
}
