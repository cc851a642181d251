import Foundation

/// The programs the server benchmark starts: `qwinkle` for the server and this program for the ceiling.
struct Executables {
    /// The `qwinkle` executable.
    let qwinkle: String
    /// This program, `qwinkle-bench`.
    let bench: String

    /// Finds both; `qwinkle` is the one beside this program unless a path is given.
    init(qwinkle path: String?) throws {
        guard let bench = Bundle.main.executableURL?.resolvingSymlinksInPath() else {
            throw BenchFailure("cannot tell where qwinkle-bench itself is")
        }
        self.bench = bench.path
        qwinkle = path ?? bench.deletingLastPathComponent().appendingPathComponent("qwinkle").path
        guard FileManager.default.isExecutableFile(atPath: qwinkle) else {
            throw BenchFailure("no qwinkle executable at \(qwinkle): build it (swift build --product qwinkle) or give --qwinkle PATH")
        }
    }
}
