import ArgumentParser
import Foundation
import Logging
import QwinkleCLI
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// `qwinkle admin`: what the person who runs a server does to its database, through the services, beside a running
/// server.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Run a server: block other servers, make moderators.",
        discussion: """
            Works on the server's data folder (--data) or PostgreSQL database (--database) directly, beside a \
            running server.

            Example:
              qwinkle admin block-domain spam.example --data ./qwinkle-data
              qwinkle admin blocked-domains --data ./qwinkle-data
              qwinkle admin grant-moderator ada --data ./qwinkle-data
            """,
        subcommands: [
            BlockDomainCommand.self, UnblockDomainCommand.self, BlockedDomainsCommand.self, GrantModeratorCommand.self, RevokeModeratorCommand.self,
            ModeratorsCommand.self,
        ]
    )
}

/// A domain as an operator types it: `bad.example`, or a URL or handle on it.
struct BlockedDomainArgument: ExpressibleByArgument {
    let domain: String

    init?(argument: String) {
        guard let domain = RemoteHost.domain(named: argument) else { return nil }
        self.domain = domain
    }
}

/// `qwinkle admin block-domain HOST`.
struct BlockDomainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "block-domain",
        abstract: "Suspend another server and its subdomains: nothing is delivered to it, its inbox posts are refused, what is kept of its people is removed.",
        discussion: """
            With --limit, limit it instead: its deliveries are taken, but its people reach only their followers here. \
            Takes effect at once on every server sharing the database. Undo either with `qwinkle admin unblock-domain`.

            Examples:
              qwinkle admin block-domain spam.example --data ./qwinkle-data
              qwinkle admin block-domain loud.example --limit --data ./qwinkle-data
            """
    )

    @Argument(help: ArgumentHelp("The domain, such as spam.example.", valueName: "domain")) var domain: BlockedDomainArgument
    @Flag(help: "Limit the server rather than suspend it.") var limit = false
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let domain = domain.domain
        if limit {
            let outcome = try await storage.withFederation { federation in try await federation.limitDomain(domain) }
            let limited = switch outcome.limitedAccounts {
            case 0: ""
            case 1: " Limited the 1 account of its people kept here."
            default: " Limited the \(outcome.limitedAccounts) accounts of its people kept here."
            }
            let said = outcome.isNew ? "Limited \(domain) and its subdomains: its people reach only their followers here." : "\(domain) was limited already."
            return CommandContext.current.print(said + limited)
        }
        let outcome = try await storage.withFederationAndPhotos { federation, photos in try await federation.blockDomain(domain, photos: photos) }
        let removed = switch outcome.removedAccounts {
        case 0: ""
        case 1: " Removed the 1 account of its people kept here."
        default: " Removed the \(outcome.removedAccounts) accounts of its people kept here."
        }
        CommandContext.current.print((outcome.isNew ? "Blocked \(domain) and its subdomains." : "\(domain) was blocked already.") + removed)
    }
}

/// `qwinkle admin unblock-domain HOST`.
struct UnblockDomainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unblock-domain", abstract: "Lift the block of another server; its people may follow again.",
        discussion: """
            Example:
              qwinkle admin unblock-domain spam.example --data ./qwinkle-data
            """
    )

    @Argument(help: ArgumentHelp("The domain, such as spam.example.", valueName: "domain")) var domain: BlockedDomainArgument
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let domain = domain.domain
        guard try await storage.withFederation({ federation in try await federation.unblockDomain(domain) }) else {
            throw CommandFailure.refused("\(domain) is not blocked.")
        }
        CommandContext.current.print("Unblocked \(domain).")
    }
}

/// `qwinkle admin blocked-domains`.
struct BlockedDomainsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blocked-domains", abstract: "List the blocked servers; the limited ones say so.",
        discussion: """
            Example:
              qwinkle admin blocked-domains --database postgres://qwinkle:secret@db.example:5432/qwinkle
            """
    )

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let domains = try await storage.withFederation { federation in try await federation.blockedDomains() }
        if domains.isEmpty { CommandContext.current.print("No domain is blocked.") }
        for blocked in domains { CommandContext.current.print(blocked.domain + (blocked.severity == .limit ? " (limited)" : "")) }
    }
}

/// `qwinkle admin grant-moderator USER`.
struct GrantModeratorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grant-moderator",
        abstract: "Make a person of this server a moderator: they read the reports and act on accounts, from the web app, the CLI or a Mastodon app.",
        discussion: """
            Logged in the moderation log as done by the operator.

            Example:
              qwinkle admin grant-moderator ada --data ./qwinkle-data
            """
    )

    @Argument(help: ArgumentHelp("The username.", valueName: "username")) var username: String
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let username = username
        let changed = try await setModerator(username, true, storage: storage)
        CommandContext.current.print(changed ? "@\(username) is a moderator now." : "@\(username) was a moderator already.")
    }
}

/// `qwinkle admin revoke-moderator USER`.
struct RevokeModeratorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-moderator", abstract: "End a person's being a moderator.",
        discussion: """
            Example:
              qwinkle admin revoke-moderator ada --data ./qwinkle-data
            """
    )

    @Argument(help: ArgumentHelp("The username.", valueName: "username")) var username: String
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let username = username
        guard try await setModerator(username, false, storage: storage) else {
            throw CommandFailure.refused("@\(username) is not a moderator.")
        }
        CommandContext.current.print("@\(username) is no longer a moderator.")
    }
}

/// `qwinkle admin moderators`.
struct ModeratorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moderators", abstract: "List the moderators.",
        discussion: """
            Example:
              qwinkle admin moderators --data ./qwinkle-data
            """
    )

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let moderators = try await storage.withModeration { moderation in try await moderation.moderators() }
        if moderators.isEmpty { CommandContext.current.print("Nobody is a moderator.") }
        for account in moderators { CommandContext.current.print("@\(account.username)") }
    }
}

/// Makes `username` a moderator or ends it; a username that is nobody's here is a one-line refusal.
private func setModerator(_ username: String, _ isModerator: Bool, storage: StorageOptions) async throws -> Bool {
    do {
        return try await storage.withModeration { moderation in try await moderation.setModerator(username, isModerator) }
    } catch ServiceError.notFound {
        throw CommandFailure.refused("There is no account @\(username) of this server.")
    }
}
