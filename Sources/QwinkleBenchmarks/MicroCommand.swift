import ArgumentParser
import Foundation

/// `qwinkle-bench [NAME...]`: the in-process benchmarks of QwinkleKit, all of them or the named ones.
struct MicroCommand: ParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "micro",
        abstract: "Run QwinkleKit's in-process benchmarks (the default).",
        discussion: """
            swift run -c release qwinkle-bench            every benchmark
            swift run -c release qwinkle-bench NAME...    the named ones
            swift run -c release qwinkle-bench --list     their names
            """
    )

    @Flag(help: "List the benchmarks' names.")
    var list = false

    @Argument(help: "Benchmarks to run; all when none is named.")
    var names: [String] = []

    /// Lists, or runs the chosen benchmarks and prints their figures.
    func run() throws {
        let all = Benchmark.registered
        if list {
            for benchmark in all { print("\(benchmark.name)\t\(benchmark.summary)") }
            return
        }
        let unknown = names.filter { name in !all.contains { $0.name == name } }
        guard unknown.isEmpty else {
            FileHandle.standardError.write(Data("qwinkle-bench: no benchmark named \(unknown.joined(separator: ", ")); try --list\n".utf8))
            throw ExitCode(64)
        }
        #if DEBUG
        print("note: this is a debug build; run `swift run -c release qwinkle-bench` for meaningful figures")
        #endif
        for benchmark in all where names.isEmpty || names.contains(benchmark.name) {
            print("== \(benchmark.name): \(benchmark.summary)")
            for line in benchmark.run() { print("   \(line)") }
        }
    }
}
