// Runs Qwinkle's benchmarks and prints their figures. Build in release mode for meaningful numbers:
//   swift run -c release qwinkle-bench            every benchmark
//   swift run -c release qwinkle-bench NAME...    the named ones
//   swift run -c release qwinkle-bench --list     their names

import Foundation

let all: [Benchmark] = Benchmark.registered

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
    for benchmark in all { print("\(benchmark.name)\t\(benchmark.summary)") }
    exit(0)
}
let unknown = arguments.filter { name in !all.contains { $0.name == name } }
guard unknown.isEmpty else {
    FileHandle.standardError.write(Data("qwinkle-bench: no benchmark named \(unknown.joined(separator: ", ")); try --list\n".utf8))
    exit(64)
}
#if DEBUG
print("note: this is a debug build; run `swift run -c release qwinkle-bench` for meaningful figures")
#endif
for benchmark in all where arguments.isEmpty || arguments.contains(benchmark.name) {
    print("== \(benchmark.name): \(benchmark.summary)")
    for line in benchmark.run() { print("   \(line)") }
}
