import ArgumentParser
import Foundation

/// `qwinkle-bench seed`: fills an empty data folder for the server benchmark.
struct SeedCommand: ParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Seed an empty data folder with accounts, follows and entries for the server benchmark.",
        discussion: """
            Writes DIR/qwinkle.sqlite through the storage's bulk path, a few photos under DIR/photos, the bearer \
            token of an ordinary account that follows others to DIR/bench-token, the most-followed account's to \
            DIR/bench-token-popular, and what the server benchmark needs to DIR/bench-seed.json. \
            `qwinkle serve --data DIR` serves the folder as it is. Every account's password is "bench-password".
            """
    )

    @Option(help: ArgumentHelp("The data folder; its database must be new or empty.", valueName: "folder"))
    var data: String

    @Option(help: "How many accounts.")
    var accounts = 10_000

    @Option(help: "How many entries.")
    var entries = 1_000_000

    @Option(help: "How many others each account follows.")
    var follows = 100

    @Option(help: "How many readers each account shares its journal with.")
    var journalReaders = 2

    @Option(help: "The random generator's seed.")
    var seed: UInt64 = 12

    /// Refuses counts the seeder cannot honour, before anything is written.
    func validate() throws {
        guard accounts >= 2 else { throw ValidationError("--accounts must be at least 2, not \(accounts).") }
        guard entries >= 1 else { throw ValidationError("--entries must be at least 1, not \(entries).") }
        guard follows >= 1 else { throw ValidationError("--follows must be at least 1, not \(follows).") }
        guard journalReaders >= 0 else { throw ValidationError("--journal-readers must not be negative.") }
    }

    /// Seeds the folder and prints how long it took.
    func run() throws {
        let folder = URL(fileURLWithPath: data, isDirectory: true)
        let seeder = Seeder(
            folder: folder, accounts: accounts, entries: entries, follows: follows, journalReaders: journalReaders, seed: seed
        )
        let facts = try seeder.run { line in Output.line("seed: \(line)") }
        Output.line(
            "seeded \(folder.path) in \(String(format: "%.1f", facts.seconds)) s: \(facts.accounts) accounts, "
                + "\(facts.entries) entries, \(facts.follows) follows each; \(facts.popularUsername) has \(facts.popularFollowers) followers"
        )
    }
}
