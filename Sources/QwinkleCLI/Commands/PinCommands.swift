import ArgumentParser
import QwinkleClient
import QwinkleKit

/// `qwinkle pins`.
struct PinsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pins", abstract: "The entries someone pinned to their profile (yours by default), most recently pinned first.",
        discussion: "Examples:\n  qwinkle pins\n  qwinkle pins @abe"
    )

    @Argument(help: "@username; yourself if left out.") var who: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        if let who, !who.hasPrefix("@") || who.count < 2 { throw CommandFailure.usage("Whose pins? @username, not \(who).") }
        let api = try await client.client(requireSignIn: who == nil)
        let username: String
        if let who {
            username = String(who.dropFirst())
        } else {
            username = try await attempt { () async throws(QwinkleError) in try await api.me() }.username
        }
        // A profile holds at most five pins: one page is all of them.
        let page = try await attempt { () async throws(QwinkleError) in try await api.timeline(.pinned(username), limit: 5) }
        EntryList.print(page, title: "@\(username)'s pins", json: output.json, expand: output.expand)
    }
}

/// `qwinkle pin`.
struct PinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin", abstract: "Pin one of your entries to the top of your profile (at most five).",
        discussion: "Example:\n  qwinkle pin 42"
    )

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.pin(entryID) }
        CommandContext.current.print("Pinned #\(item.id) to your profile")
    }
}

/// `qwinkle unpin`.
struct UnpinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unpin", abstract: "Take an entry off your profile's pins.", discussion: "Example:\n  qwinkle unpin 42")

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.unpin(entryID) }
        CommandContext.current.print("Unpinned #\(item.id)")
    }
}
