import ArgumentParser

/// The `qwinkle` command: share simple, short updates about what is happening in your life.
public struct QwinkleCommand: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "qwinkle",
        abstract: "Share simple, short updates about what is happening in your life.",
        subcommands: [ServeCommand.self]
    )

    /// Creates the command; ArgumentParser fills it in.
    public init() {}
}
