import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// `qwinkle app`: the full-screen terminal app.
struct AppCommand: AsyncParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Open Qwinkle full screen: timelines, compose, entries, dreams and messages.",
        discussion: """
            Uses the server and the credentials the other commands use (`qwinkle login` signs it in; without \
            credentials it opens on log in or sign up). `?` shows the keys of the screen in front, `c` composes, \
            `q` quits. The screen, the highlighted entry and the draft are restored on the next start.
            Example:
              qwinkle app --server http://127.0.0.1:8080
            """
    )

    /// Which server.
    @OptionGroup var client: ClientOptions

    /// Creates the command; ArgumentParser fills it in.
    init() {}

    /// Opens the terminal and runs the app until it quits.
    func run() async throws {
        let address = try client.address()
        let directories = try client.directories()
        try? FileManager.default.createDirectory(at: directories.data, withIntermediateDirectories: true)
        let environment = CommandContext.current.environment
        let capabilities = TerminalCapabilities.forTerminal(named: environment["TERM"], environment: environment)
        let terminal: Terminal
        do { terminal = try Terminal(capabilities: capabilities) } catch { throw CommandFailure.usage(String(describing: error)) }
        let credentials = try client.credentials()
        let offline = try? client.offlineStore()
        let stateURL = directories.data.appendingPathComponent("app-state.json")
        let shareFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        await AppLauncher.run(
            terminal: terminal, address: address, credentials: credentials, offline: offline, stateURL: stateURL,
            shareFolder: shareFolder
        )
    }
}
