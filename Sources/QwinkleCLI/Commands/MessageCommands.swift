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
            The people come first, each with @; the rest is the text (or standard input when there is none). On a
            federating server, a person of another server is named by their handle, and the message is delivered there.

            Examples:
              qwinkle message @mary "Home by six."
              qwinkle message @mary @tad "Dinner?"
              qwinkle message @bea@social.example "See you there."
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
        commandName: "conversations", abstract: "Your conversations, the most recently active first, each with its latest message.",
        discussion: "Example:\n  qwinkle conversations"
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
            let unread = summary.unread ? "  (new)" : ""
            context.print("\(summary.conversation.id)  \(Printing.time(summary.conversation.lastMessageAt))  \(names)\(unread)")
            if let message = summary.lastMessage {
                let sender = message.sender.flatMap { id in summary.accounts.first { $0.id == id } }.map { "@\($0.username)" } ?? "a deleted account"
                let text = message.body.isEmpty && !message.photos.isEmpty
                    ? "(\(Plural.count(message.photos.count, "photo")))" : message.body.split(whereSeparator: \.isNewline).joined(separator: " ")
                let line = "    \(sender): \(text)"
                context.print(line.count > Printing.width ? String(line.prefix(Printing.width - 1)) + "…" : line)
            }
        }
    }
}

/// `qwinkle messages`.
struct MessagesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "messages", abstract: "Read a conversation, newest first.",
        discussion: """
            Name the conversation by its ID from `qwinkle conversations`, or by the people in it besides you.

            Examples:
              qwinkle messages 3
              qwinkle messages @mary
              qwinkle messages @mary @tad
            """
    )

    @Argument(help: ArgumentHelp("The conversation's ID (from `qwinkle conversations`), or @username of each person in it besides you.", valueName: "conversation"))
    var conversation: [String] = []
    @Option(help: "How many (at most 100).") var limit: Int?
    @Option(help: "Show messages older than this ID.") var before: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let named = try ConversationName(conversation)
        let api = try await client.client()
        // The senders' names, for people, and the conversation of the people named; JSON carries the IDs alone.
        let summaries = try await attempt { () async throws(QwinkleError) in try await api.conversations(limit: 100) }
        let id: Conversation.ID
        switch named {
        case .id(let given):
            id = given
        case .people(let usernames):
            let me = try await AccountName.resolve(nil, api: api, credentials: client)
            guard let found = summaries.first(where: { Set($0.accounts.map(\.username)).subtracting([me]) == usernames }) else {
                let people = usernames.sorted().map { "@" + $0 }.joined(separator: " ")
                throw CommandFailure.refused("You have no conversation with \(people) yet: `qwinkle message \(people) TEXT` starts one.")
            }
            id = found.conversation.id
        }
        let page = try await attempt { () async throws(QwinkleError) in try await api.messages(in: id, limit: limit, before: before) }
        // Reading the newest messages reads the conversation, in every app, as opening it on the web does.
        if before == nil, summaries.first(where: { $0.conversation.id == id })?.unread != false {
            _ = try await attempt { () async throws(QwinkleError) in try await api.readConversation(id) }
        }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(page.items)) }
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

/// A conversation as named on the command line: its ID, or the usernames of the people in it besides you.
enum ConversationName: Equatable {
    case id(Conversation.ID)
    case people(Set<String>)

    init(_ words: [String]) throws(CommandFailure) {
        let digits = words.count == 1 && words[0].hasPrefix("#") ? String(words[0].dropFirst()) : words.first ?? ""
        if words.count == 1, !digits.isEmpty, digits.allSatisfy(\.isNumber), let id = Conversation.ID(rawValue: digits) {
            self = .id(id)
            return
        }
        let usernames = words.compactMap { Username(argument: $0)?.name }
        guard !words.isEmpty, usernames.count == words.count else {
            throw .usage("Name a conversation by its ID (from `qwinkle conversations`) or by its people, as @username.")
        }
        self = .people(Set(usernames))
    }
}
