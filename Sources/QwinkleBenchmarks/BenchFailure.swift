/// A failure the user can act on, reported as one line on standard error and a non-zero exit.
struct BenchFailure: Error, CustomStringConvertible {
    /// The line to print.
    let description: String

    /// A failure with its message.
    init(_ description: String) {
        self.description = description
    }
}
