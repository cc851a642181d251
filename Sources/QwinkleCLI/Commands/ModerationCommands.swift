import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle report`.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Report someone, and some of their entries, to the server's moderators.",
        discussion: """
            The moderators see the entries as you see them now. For someone on another server, --forward also sends \
            the report to their server, from this server and without your name.
            Examples:
              qwinkle report @troll --entry 42 --comment "Insults in my replies"
              qwinkle report @spammer@social.example --entry 57 --forward
            """
    )

    @Argument(help: "@username, or @user@host for someone on another server") var user: Username
    @Option(name: .customLong("entry"), help: "An entry of theirs to report (again for several).") var entries: [String] = []
    @Option(help: "What the moderators should know.") var comment = ""
    @Flag(help: "Also send the report to their server (someone on another server only).") var forward = false
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let ids = try entries.map { text throws(CommandFailure) in try EntryID.parse(text).rawValue }
        let api = try await client.client()
        let report = try await attempt { () async throws(QwinkleError) in
            try await api.report(user.name, entryIDs: ids, comment: comment, forward: forward)
        }
        let entries = report.entries.count == 1 ? " and 1 entry" : report.entries.isEmpty ? "" : " and \(report.entries.count) entries"
        CommandContext.current.print("Reported @\(report.account.username)\(entries) to the moderators (report \(report.id)).")
        if report.forwarded { CommandContext.current.print("A copy went to their server, without your name.") }
    }
}

/// `qwinkle moderation`: what the server's moderators do.
struct ModerationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moderation", abstract: "For moderators: read reports and act on accounts.",
        discussion: """
            The server's operator makes moderators with `qwinkle admin grant-moderator`.
            Examples:
              qwinkle moderation reports
              qwinkle moderation report 3
              qwinkle moderation act suspend --report 3 --note "Spam"
              qwinkle moderation act restore --account 12
            """,
        subcommands: [ReportsCommand.self, ShowReportCommand.self, ActCommand.self, ModeratedAccountsCommand.self, ModerationLogCommand.self]
    )
}

/// `qwinkle moderation reports`.
struct ReportsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reports", abstract: "The reports waiting for a moderator, newest first.",
        discussion: "Examples:\n  qwinkle moderation reports\n  qwinkle moderation reports --resolved"
    )

    @Flag(help: "The resolved reports instead.") var resolved = false
    @Flag(help: "Every report, open or resolved.") var all = false
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let open: Bool? = all ? nil : !resolved
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.reports(open: open) }
        let context = CommandContext.current
        if page.items.isEmpty { context.print(open == true ? "No report is waiting." : "No report.") }
        for report in page.items { context.print(Self.line(report)) }
    }

    /// A report in one line: `#3 @troll, by @abe, 1 entry, open: "Insults"`.
    static func line(_ report: ModerationReport) -> String {
        let by = report.reporter.map { "by @\($0.username)" } ?? report.origin.map { "from \($0)" } ?? "by someone gone since"
        let entries = report.entries.count == 1 ? "1 entry" : "\(report.entries.count) entries"
        let comment = report.comment.isEmpty ? "" : ": \"\(report.comment.prefix(60))\""
        return "#\(report.id) @\(report.account.username), \(by), \(entries), \(report.isOpen ? "open" : "resolved")\(comment)"
    }
}

/// `qwinkle moderation report ID`.
struct ShowReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "One report, with its entries as the reporter saw them.", discussion: "Example:\n  qwinkle moderation report 3"
    )

    @Argument(help: "The report's number.") var id: ReportNumber
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let report = try await attempt { () async throws(QwinkleError) in try await api.moderationReport(id.value) }
        let context = CommandContext.current
        context.print(ReportsCommand.line(report))
        context.print("Account: \(Printing.account(report.account)) (ID \(report.account.id.rawValue))")
        if report.account.standing != .good { context.print("Standing: \(report.account.standing.rawValue)") }
        context.print("Reported \(Printing.time(report.createdAt))\(report.forwarded ? ", forwarded to their server" : "")")
        if let resolvedAt = report.resolvedAt {
            context.print("Resolved \(Printing.time(resolvedAt))" + (report.resolvedBy.map { " by @\($0.username)" } ?? ""))
        }
        for entry in report.entries { context.print(Printing.entry(entry, expand: true)) }
    }
}

/// `qwinkle moderation act ACTION`.
struct ActCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "act", abstract: "Act on an account, for a report or directly; the moderation log keeps it.",
        discussion: """
            Actions: warn (sends them --note as a message), limit (their entries reach only their followers), \
            suspend (signed out and hidden from everyone, kept), restore (lifts either), delete-entries (the \
            report's, for good), resolve and reopen (a report). An action for a report resolves it.
            Examples:
              qwinkle moderation act suspend --report 3 --note "Spam"
              qwinkle moderation act warn --account @mary --note "Please mark spoilers"
              qwinkle moderation act restore --account 12
            """
    )

    @Argument(help: "warn, limit, suspend, restore, delete-entries, resolve or reopen") var action: ActionName
    @Option(help: "The report it answers; its account is acted on.") var report: ReportNumber?
    @Option(help: "The account (@username, or its ID as listed), when no report names it.") var account: String?
    @Option(help: "Why; for warn, the words they are sent.") var note = ""
    @OptionGroup var client: ClientOptions

    func run() async throws {
        guard (report == nil) != (account == nil) else { throw CommandFailure.usage("Name either --report or --account.") }
        let api = try await client.client()
        let accountID: String
        if let report {
            accountID = try await attempt { () async throws(QwinkleError) in try await api.moderationReport(report.value) }.account.id.rawValue
        } else if let account, account.allSatisfy(\.isNumber) {
            accountID = account
        } else {
            let name = Username(argument: account ?? "")?.name ?? ""
            accountID = try await attempt { () async throws(QwinkleError) in try await api.account(username: name) }.id.rawValue
        }
        let line = try await attempt { () async throws(QwinkleError) in
            try await api.moderate(accountID: accountID, action.value, reportID: report?.value, note: note)
        }
        let whom = line.account.map { "@\($0.username)" } ?? "the account"
        CommandContext.current.print("You \(Self.done(line.action)) \(whom)" + (report.map { ", for report \($0.value)" } ?? "") + ".")
    }
}

extension ActCommand {
    /// What a moderator did, as a sentence after its subject says it: "suspended", "deleted the entries of".
    static func done(_ action: ModerationAction) -> String {
        switch action {
        case .warn: "warned"
        case .limit: "limited"
        case .suspend: "suspended"
        case .restore: "restored"
        case .deleteEntries: "deleted the reported entries of"
        case .resolve: "resolved the report of"
        case .reopen: "reopened the report of"
        case .grantModerator: "made a moderator:"
        case .revokeModerator: "ended as a moderator:"
        }
    }
}

/// `qwinkle moderation accounts`.
struct ModeratedAccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts", abstract: "Accounts, newest first, with their IDs; those limited or suspended with --standing.",
        discussion: "Example:\n  qwinkle moderation accounts --standing suspended"
    )

    @Option(help: "good, limited or suspended") var standing: AccountStanding?
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.moderatedAccounts(standing: standing) }
        if page.items.isEmpty { CommandContext.current.print("No account.") }
        for account in page.items {
            let standing = account.standing == .good ? "" : " [\(account.standing.rawValue)]"
            CommandContext.current.print("\(account.id.rawValue)  @\(account.username)\(standing)")
        }
    }
}

/// `qwinkle moderation log`.
struct ModerationLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "What the moderators did, newest first.", discussion: "Example:\n  qwinkle moderation log"
    )

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.moderationLog() }
        if page.items.isEmpty { CommandContext.current.print("Nothing yet.") }
        for line in page.items {
            let who = line.moderator.map { "@\($0.username)" } ?? "the operator"
            let whom = line.account.map { " @\($0.username)" } ?? ""
            let report = line.reportID.map { " (report \($0))" } ?? ""
            let note = line.note.isEmpty ? "" : ": \"\(line.note.prefix(60))\""
            CommandContext.current.print("\(Printing.time(line.createdAt))  \(who) \(ActCommand.done(line.action))\(whom)\(report)\(note)")
        }
    }
}

/// A report's number as typed: `3` or `#3`.
struct ReportNumber: ExpressibleByArgument {
    let value: String

    init?(argument: String) {
        let digits = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isNumber) else { return nil }
        value = digits
    }
}

/// A moderator's action as typed: `delete-entries` for the API's `delete_entries`.
struct ActionName: ExpressibleByArgument {
    let value: ModerationAction

    init?(argument: String) {
        guard let action = ModerationAction(rawValue: argument.replacingOccurrences(of: "-", with: "_")),
            action != .grantModerator, action != .revokeModerator
        else { return nil }
        value = action
    }
}

extension AccountStanding: ExpressibleByArgument {}
