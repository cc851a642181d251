import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle message`.
struct MessageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message",
        abstract: "Send a private message to one or more people.",
        discussion: """
            The people come first, each with @; the rest is the text (or standard input when there is none).

            Examples:
              qwinkle message @mary "Home by six."
              qwinkle message @mary @tad "Dinner?"
            """
    )

    @Argument(help: "@user [@user…] TEXT") var words: [String] = []
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let recipients = words.prefix { $0.hasPrefix("@") && $0.count > 1 }.map { String($0.dropFirst()).lowercased() }
        guard !recipients.isEmpty else { throw CommandFailure.usage("Name who to send to, as @username, before the text.") }
        var text = words.dropFirst(recipients.count).joined(separator: " ")
        if text.isEmpty { text = CommandContext.current.input.readAll().trimmingCharacters(in: .newlines) }
        let api = try await client.client()
        let sent = try await attempt { () async throws(QwinkleError) in try await api.sendMessage(to: recipients, body: text) }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(sent.message)) }
        let names = sent.conversation.accounts.map { "@\($0.username)" }.joined(separator: ", ")
        context.print("Sent to conversation \(sent.conversation.conversation.id) (\(names)).")
    }
}

/// `qwinkle conversations`.
struct ConversationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conversations", abstract: "Your conversations, the most recently active first.", discussion: "Example:\n  qwinkle conversations"
    )

    @Option(help: "How many (at most 100).") var limit: Int?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let conversations = try await attempt { () async throws(QwinkleError) in try await api.conversations(limit: limit) }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(conversations.map(\.conversation))) }
        if conversations.isEmpty { context.print("No conversations yet: `qwinkle message @someone TEXT` starts one.") }
        for summary in conversations {
            let names = summary.accounts.map { "@\($0.username)" }.joined(separator: ", ")
            context.print("\(summary.conversation.id)  \(Printing.time(summary.conversation.lastMessageAt))  \(names)")
        }
    }
}

/// `qwinkle messages`.
struct MessagesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "messages", abstract: "Read a conversation, newest first.", discussion: "Example:\n  qwinkle messages 3"
    )

    @Argument(help: "The conversation's ID (from `qwinkle conversations`).") var conversation: String
    @Option(help: "How many (at most 100).") var limit: Int?
    @Option(help: "Show messages older than this ID.") var before: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let id = Conversation.ID(rawValue: conversation) else { throw CommandFailure.usage("Name a conversation by its ID.") }
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.messages(in: id, limit: limit, before: before) }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(page.items)) }
        // The senders' names, for people; JSON carries the IDs alone.
        let summaries = try await attempt { () async throws(QwinkleError) in try await api.conversations(limit: 100) }
        let names = Dictionary(
            summaries.flatMap(\.accounts).map { ($0.id, $0.username) }, uniquingKeysWith: { first, _ in first }
        )
        for message in page.items {
            let sender = message.sender.map { "@" + (names[$0] ?? $0.rawValue) } ?? "a deleted account"
            context.print("\(Printing.time(message.createdAt))  \(sender)")
            for line in TextWrapping.lines(of: message.body, width: Printing.width - 4) { context.print("    " + line) }
        }
        if let next = page.nextCursor { context.print("More: --before \(next)") }
    }
}
