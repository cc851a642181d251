extension Benchmark {
    /// Every benchmark, in the order they run. Each is defined in its own file.
    static let registered: [Benchmark] = [.diff, .undoHistory, .dreamCardLayout, .terminalUI]
}
