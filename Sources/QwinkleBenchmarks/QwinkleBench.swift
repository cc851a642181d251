import ArgumentParser

/// `qwinkle-bench`: Qwinkle's benchmarks. Build in release mode for meaningful figures.
@main
struct QwinkleBench: AsyncParsableCommand {
    /// The subcommands, and which runs when none is named.
    static let configuration = CommandConfiguration(
        commandName: "qwinkle-bench",
        abstract: "Qwinkle's benchmarks: QwinkleKit in process, and a whole server under load.",
        subcommands: [MicroCommand.self, SeedCommand.self, CopyToPostgresCommand.self, ServerCommand.self, CeilingCommand.self],
        // The micro benchmarks ran with no subcommand before the server benchmark existed, and still do.
        defaultSubcommand: MicroCommand.self
    )
}
