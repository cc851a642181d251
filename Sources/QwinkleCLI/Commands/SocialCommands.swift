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
        if relation.requested {
            return CommandContext.current.print("@\(relation.account.username) approves each follower: you asked, and follow once they say yes.")
        }
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

/// `qwinkle block`.
struct BlockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "block", abstract: "Block someone: follows between you end, and neither of you sees the other.",
        discussion: """
            They can no longer follow you, reply to you, mark your entries or write to you, and their entries and \
            notifications are gone from everything you read. Someone on another server has their server told.
            Examples:
              qwinkle block @mary
              qwinkle block @troll@social.example
            """
    )

    @Argument(help: "@username, or @user@host for someone on another server") var user: Username
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let relation = try await attempt { () async throws(QwinkleError) in try await api.block(user.name) }
        CommandContext.current.print("You block @\(relation.account.username). qwinkle unblock @\(relation.account.username) undoes it.")
    }
}

/// `qwinkle unblock`.
struct UnblockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unblock", abstract: "Stop blocking someone (follows the block ended stay ended).", discussion: "Example:\n  qwinkle unblock @mary"
    )

    @Argument(help: "@username") var user: Username
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let relation = try await attempt { () async throws(QwinkleError) in try await api.unblock(user.name) }
        CommandContext.current.print("You no longer block @\(relation.account.username).")
    }
}

/// `qwinkle mute`.
struct MuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mute", abstract: "Mute someone: their entries (and notifications) leave what you read; nobody is told.",
        discussion: """
            Their own page still shows their entries. A duration is a number with s, m, h or d (90m, 12h, 7d).
            Examples:
              qwinkle mute @mary
              qwinkle mute @mary --for 7d
              qwinkle mute @mary --keep-notifications
            """
    )

    @Argument(help: "@username, or @user@host for someone on another server") var user: Username
    @Option(name: .customLong("for"), help: "How long, such as 30m, 12h or 7d; until you unmute when left out.") var duration: MuteDuration?
    @Flag(help: "Still show their notifications (mentions, marks, follows).") var keepNotifications = false
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let relation = try await attempt { () async throws(QwinkleError) in
            try await api.mute(user.name, notifications: !keepNotifications, duration: duration?.seconds)
        }
        let until = relation.muting?.expiresAt.map { " until \(Printing.time($0))" } ?? ""
        let notifications = relation.muting?.notifications == false ? ", keeping their notifications" : ""
        CommandContext.current.print("You mute @\(relation.account.username)\(until)\(notifications).")
    }
}

/// A mute's length as a person writes it: a whole number and a unit (`s`, `m`, `h` or `d`).
struct MuteDuration: ExpressibleByArgument {
    let seconds: Int

    init?(argument: String) {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        guard let unit = argument.last.flatMap({ units[$0] }), let count = Int(argument.dropLast()), count > 0 else { return nil }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        self.seconds = seconds
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// `qwinkle unmute`.
struct UnmuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unmute", abstract: "Stop muting someone.", discussion: "Example:\n  qwinkle unmute @mary")

    @Argument(help: "@username") var user: Username
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let relation = try await attempt { () async throws(QwinkleError) in try await api.unmute(user.name) }
        CommandContext.current.print("You no longer mute @\(relation.account.username).")
    }
}

/// `qwinkle blocks`.
struct BlocksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "blocks", abstract: "The people you block.", discussion: "Example:\n  qwinkle blocks")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.blocks() }
        AccountList.print(page.items, empty: "You block nobody.", json: output.json)
    }
}

/// `qwinkle mutes`.
struct MutesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mutes", abstract: "The people you mute, and until when.", discussion: "Example:\n  qwinkle mutes")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.mutes() }
        let context = CommandContext.current
        if output.json { return context.print((try? Printing.json(page.items)) ?? "[]") }
        if page.items.isEmpty { context.print("You mute nobody.") }
        for item in page.items {
            let until = item.mute.expiresAt.map { " until \(Printing.time($0))" } ?? ""
            let notifications = item.mute.notifications ? "" : " (notifications kept)"
            context.print(Printing.account(item.account) + until + notifications)
        }
    }
}

/// `qwinkle block-domain`.
struct BlockDomainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "block-domain", abstract: "Block another server: none of its people reach you, and those who followed you stop.",
        discussion: "Its subdomains are blocked with it; nobody is told.\nExample:\n  qwinkle block-domain spam.example"
    )

    @Argument(help: "The server's domain, such as spam.example") var domain: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let kept = try await attempt { () async throws(QwinkleError) in try await api.blockDomain(domain) }
        CommandContext.current.print("You block \(kept) and its subdomains. qwinkle unblock-domain \(kept) undoes it.")
    }
}

/// `qwinkle unblock-domain`.
struct UnblockDomainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unblock-domain", abstract: "Stop blocking another server.", discussion: "Example:\n  qwinkle unblock-domain spam.example"
    )

    @Argument(help: "The server's domain") var domain: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        try await attempt { () async throws(QwinkleError) in try await api.unblockDomain(domain) }
        CommandContext.current.print("You no longer block \(domain.lowercased()).")
    }
}

/// `qwinkle domain-blocks`.
struct DomainBlocksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "domain-blocks", abstract: "The servers you block.", discussion: "Example:\n  qwinkle domain-blocks")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.domainBlocks() }
        let context = CommandContext.current
        if output.json { return context.print((try? Printing.json(page.items)) ?? "[]") }
        if page.items.isEmpty { context.print("You block no server.") }
        for domain in page.items { context.print(domain) }
    }
}

/// `qwinkle follow-requests`.
struct FollowRequestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow-requests", abstract: "The people asking to follow you (when you approve each follower).",
        discussion: "Examples:\n  qwinkle follow-requests\n  qwinkle approve @mary\n  qwinkle refuse @troll"
    )

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.followRequests() }
        AccountList.print(page.items, empty: "Nobody is waiting.", json: output.json)
    }
}

/// `qwinkle approve` and `qwinkle refuse`.
struct AnswerFollowRequestCommand {
    /// Approves or refuses the request of `user`, and says so.
    static func answer(_ user: Username, approve: Bool, client: ClientOptions) async throws {
        let api = try await client.client()
        let relation = try await attempt { () async throws(QwinkleError) in
            approve ? try await api.approveFollowRequest(user.name) : try await api.refuseFollowRequest(user.name)
        }
        let name = relation.account.username
        CommandContext.current.print(approve ? "@\(name) follows you now." : "You refused @\(name)'s request.")
    }
}

/// `qwinkle approve`.
struct ApproveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve", abstract: "Let someone who asked follow you.", discussion: "Example:\n  qwinkle approve @mary"
    )

    @Argument(help: "@username") var user: Username
    @OptionGroup var client: ClientOptions

    func run() async throws { try await AnswerFollowRequestCommand.answer(user, approve: true, client: client) }
}

/// `qwinkle refuse`.
struct RefuseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refuse", abstract: "Refuse someone's request to follow you.", discussion: "Example:\n  qwinkle refuse @troll"
    )

    @Argument(help: "@username") var user: Username
    @OptionGroup var client: ClientOptions

    func run() async throws { try await AnswerFollowRequestCommand.answer(user, approve: false, client: client) }
}
