import Foundation

/// Lines for the person running a benchmark, written at once even when standard output is a pipe.
enum Output {
    /// Writes a line to standard output.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes a line to standard error.
    static func warning(_ text: String) {
        FileHandle.standardError.write(Data(("qwinkle-bench: " + text + "\n").utf8))
    }
}
