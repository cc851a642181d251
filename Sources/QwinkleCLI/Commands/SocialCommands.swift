import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// A `@username` argument (the `@` is optional).
struct Username: ExpressibleByArgument {
    let name: String

    init?(argument: String) {
        let name = argument.hasPrefix("@") ? String(argument.dropFirst()) : argument
        guard !name.isEmpty else { return nil }
        self.name = name.lowercased()
    }
}

/// `qwinkle follow`.
struct FollowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow", abstract: "Follow someone, here or on another server.",
        discussion: "Examples:\n  qwinkle follow @mary\n  qwinkle follow @bea@social.example   (someone on another server, when yours federates)"
    )

    @Argument(help: "@username, or @user@host for someone on another server") var user: Username
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let relation = try await attempt { () async throws(QwinkleError) in try await api.follow(user.name) }
        CommandContext.current.print("You follow @\(relation.account.username)\(relation.followedBy ? ", who follows you too" : "").")
    }
}

/// `qwinkle unfollow`.
struct UnfollowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unfollow", abstract: "Stop following someone.", discussion: "Example:\n  qwinkle unfollow @mary")

    @Argument(help: "@username") var user: Username
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let relation = try await attempt { () async throws(QwinkleError) in try await api.unfollow(user.name) }
        CommandContext.current.print("You no longer follow @\(relation.account.username).")
    }
}

/// `qwinkle following`.
struct FollowingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "following", abstract: "The people you (or @someone) follow.", discussion: "Examples:\n  qwinkle following\n  qwinkle following @mary"
    )

    @OptionGroup var list: FollowListOptions

    func run() async throws {
        try await list.print(empty: { "@\($0) follows nobody yet." }) { api, name throws(QwinkleError) in try await api.following(of: name) }
    }
}

/// `qwinkle followers`.
struct FollowersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "followers", abstract: "The people who follow you (or @someone).", discussion: "Examples:\n  qwinkle followers\n  qwinkle followers @mary"
    )

    @OptionGroup var list: FollowListOptions

    func run() async throws {
        try await list.print(empty: { "Nobody follows @\($0) yet." }) { api, name throws(QwinkleError) in try await api.followers(of: name) }
    }
}

/// What `following` and `followers` take, and how they print their list.
struct FollowListOptions: ParsableArguments {
    @Argument(help: "@username; you when left out.") var user: Username?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func print(
        empty: (String) -> String, fetch: (APIClient, String) async throws(QwinkleError) -> Page<Account>
    ) async throws {
        let api = try await client.client()
        let name = try await AccountName.resolve(user, api: api, credentials: client)
        let page = try await attempt { () async throws(QwinkleError) in try await fetch(api, name) }
        AccountList.print(page.items, empty: empty(name), json: output.json)
    }
}

/// `qwinkle share-journal`.
struct ShareJournalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share-journal", abstract: "Share your journal with someone: they read your journal entries.",
        discussion: "Example:\n  qwinkle share-journal @mary"
    )

    @Argument(help: "@username") var user: Username
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let reader = try await attempt { () async throws(QwinkleError) in try await api.shareJournal(with: user.name) }
        CommandContext.current.print("@\(reader.username) now reads your journal.")
    }
}

/// `qwinkle unshare-journal`.
struct UnshareJournalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unshare-journal", abstract: "Stop sharing your journal with someone.", discussion: "Example:\n  qwinkle unshare-journal @mary"
    )

    @Argument(help: "@username") var user: Username
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        try await attempt { () async throws(QwinkleError) in try await api.unshareJournal(with: user.name) }
        CommandContext.current.print("@\(user.name) no longer reads your journal.")
    }
}

/// `qwinkle journal-readers`.
struct JournalReadersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal-readers", abstract: "The people you share your journal with.", discussion: "Example:\n  qwinkle journal-readers"
    )

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let readers = try await attempt { () async throws(QwinkleError) in try await api.journalReaders() }
        AccountList.print(readers, empty: "Your journal is yours alone.", json: output.json)
    }
}

/// Printing a list of accounts.
enum AccountList {
    static func print(_ accounts: [Account], empty: String, json: Bool) {
        let context = CommandContext.current
        if json { return context.print((try? Printing.json(accounts)) ?? "[]") }
        if accounts.isEmpty { context.print(empty) }
        for account in accounts { context.print(Printing.account(account)) }
    }
}

/// The username a command is about: the one given, or the signed-in account's.
enum AccountName {
    static func resolve(_ user: Username?, api: APIClient, credentials: ClientOptions) async throws -> String {
        if let user { return user.name }
        if let stored = try credentials.credentials().credential(for: api.server) { return stored.username }
        return try await attempt { () async throws(QwinkleError) in try await api.me() }.username
    }
}
