import ArgumentParser
import QwinkleClient
import QwinkleKit

/// `qwinkle search`.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search entries (or accounts) you may read.",
        discussion: """
            Best match first; the matching words are shown in [brackets]. The query holds words, "quoted \
            phrases", -excluded words and the filters from:@username, kind:update|journal|dream, \
            creature:NAME, has:photo, before:YYYY-MM-DD and after:YYYY-MM-DD. With --type accounts, the \
            query is the start of a username or a display name. The last line names the --cursor value for \
            the next page.

            Examples:
              qwinkle search shark
              qwinkle search '"pink unicorn" -rain from:@abe'
              qwinkle search ab --type accounts
            """
    )

    /// What a search looks for.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case entries, accounts
    }

    @Argument(help: "The query.") var query: String
    @Option(help: "entries (default) or accounts.") var type: Kind = .entries
    @Option(help: "How many results (at most 100).") var limit: Int?
    @Option(help: "Where the next page starts, from the last line of the previous one.") var cursor: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client(requireSignIn: false)
        let context = CommandContext.current
        let next: String?
        switch type {
        case .entries:
            let page = try await attempt { () async throws(QwinkleError) in try await api.searchEntries(query, limit: limit, cursor: cursor) }
            if output.json { return context.print(try Printing.json(page)) }
            if page.items.isEmpty { context.print("No entries match \(query).") }
            for result in page.items {
                context.print(Printing.entry(result.entry, expand: output.expand))
                context.print("    » " + Self.marked(result.snippet))
                context.print()
            }
            next = page.nextCursor
        case .accounts:
            let page = try await attempt { () async throws(QwinkleError) in try await api.searchAccounts(query, limit: limit, cursor: cursor) }
            if output.json { return context.print(try Printing.json(page)) }
            AccountList.print(page.items, empty: "No accounts start with \(query).", json: false)
            next = page.nextCursor
        }
        if let next { context.print("More: --cursor \(next)") }
    }

    /// A snippet on one line, each matching word in brackets.
    static func marked(_ snippet: SearchSnippet) -> String {
        snippet.parts.map { $0.isMatch ? "[\($0.text)]" : $0.text }.joined().split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
