import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle timeline`.
struct TimelineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Read a timeline: home (default), public, journal, or @someone.",
        discussion: """
            Newest first. The last line names the --before value for the next page.

            Examples:
              qwinkle timeline
              qwinkle timeline public --limit 5
              qwinkle timeline @abe --before 120
            """
    )

    @Argument(help: "home, public, journal or @username.") var which: String = "home"
    @Option(help: "How many entries (at most 100).") var limit: Int?
    @Option(help: "Show entries older than this ID (the next page).") var before: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let timeline: Timeline = switch which.lowercased() {
        case "home": .home
        case "public": .everyone
        case "journal": .journal
        case let name where name.hasPrefix("@") && name.count > 1: .account(String(name.dropFirst()))
        default: throw CommandFailure.usage("Which timeline? home, public, journal or @username, not \(which).")
        }
        let api = try await client.client(requireSignIn: timeline != .everyone && !isAccount(timeline))
        guard before == nil else {
            let page = try await attempt { () async throws(QwinkleError) in try await api.timeline(timeline, limit: limit, before: before) }
            return EntryList.print(page, title: timeline.description, json: output.json, expand: output.expand)
        }
        // The first page goes through the offline cache: the copy last seen stands in, marked stale, when the
        // server cannot be reached.
        let cache = TimelineCache(store: try client.offlineStore(), server: api.server, username: try client.username())
        let result: TimelineResult
        do {
            result = try await cache.timeline(timeline, limit: limit, using: api)
        } catch let error as QwinkleError {
            throw CommandFailure(error)
        } catch let error as OfflineError {
            throw CommandFailure.refused(error.description)
        }
        switch result {
        case .fresh(let page, _):
            EntryList.print(page, title: timeline.description, json: output.json, expand: output.expand)
        case .stale(let copy, let reason):
            EntryList.print(Page(items: copy.entries, nextCursor: nil), title: timeline.description, json: output.json, expand: output.expand)
            throw CommandFailure.unreachable("\(reason.description) This is the \(timeline) timeline as it was at \(Printing.time(copy.fetchedAt)) (stale).")
        }
    }

    private func isAccount(_ timeline: Timeline) -> Bool {
        if case .account = timeline { true } else { false }
    }
}

/// `qwinkle marked`.
struct MarkedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marked",
        abstract: "The entries you marked, most recently marked first.",
        discussion: "Example:\n  qwinkle marked --limit 10"
    )

    @Option(help: "How many entries (at most 100).") var limit: Int?
    @Option(help: "Show marks older than this (the next page).") var before: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.timeline(.marked, limit: limit, before: before) }
        EntryList.print(page, title: "marked", json: output.json, expand: output.expand)
    }
}

/// `qwinkle show`.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one entry; a dream is drawn as its card.",
        discussion: "Example:\n  qwinkle show 42"
    )

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client(requireSignIn: false)
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.entry(entryID) }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(EntryJSON(item: item))) }
        context.print(Printing.entry(item, expand: output.expand))
        if let card = DreamCard(entry: item.entry) { context.print(card.terminalText(width: 60)) }
    }
}

/// `qwinkle mark`.
struct MarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mark", abstract: "Mark an entry.", discussion: "Example:\n  qwinkle mark 42")

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.mark(entryID) }
        CommandContext.current.print("Marked #\(item.id) ★")
    }
}

/// `qwinkle unmark`.
struct UnmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unmark", abstract: "Take a mark away.", discussion: "Example:\n  qwinkle unmark 42")

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.unmark(entryID) }
        CommandContext.current.print("Unmarked #\(item.id)")
    }
}

/// `qwinkle bookmarks`.
struct BookmarksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks", abstract: "The entries you bookmarked, most recently bookmarked first.",
        discussion: "Example:\n  qwinkle bookmarks --limit 10"
    )

    @Option(help: "How many entries (at most 100).") var limit: Int?
    @Option(help: "Show bookmarks older than this (the next page).") var before: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.timeline(.bookmarks, limit: limit, before: before) }
        EntryList.print(page, title: "your bookmarks", json: output.json, expand: output.expand)
    }
}

/// `qwinkle bookmark`.
struct BookmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmark", abstract: "Bookmark an entry, to find it again with qwinkle bookmarks (nobody else knows).",
        discussion: "Example:\n  qwinkle bookmark 42"
    )

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.bookmark(entryID) }
        CommandContext.current.print("Bookmarked #\(item.id)")
    }
}

/// `qwinkle unbookmark`.
struct UnbookmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unbookmark", abstract: "Take a bookmark away.", discussion: "Example:\n  qwinkle unbookmark 42")

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.unbookmark(entryID) }
        CommandContext.current.print("Removed the bookmark of #\(item.id)")
    }
}

/// `qwinkle share`.
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Share a public entry with your followers (a boost).", discussion: "Example:\n  qwinkle share 42"
    )

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.share(entryID) }
        CommandContext.current.print("Shared #\(item.id) with your followers ⇄")
    }
}

/// `qwinkle unshare`.
struct UnshareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unshare", abstract: "Take your share of an entry back.", discussion: "Example:\n  qwinkle unshare 42")

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.unshare(entryID) }
        CommandContext.current.print("Unshared #\(item.id)")
    }
}

/// Printing a page of entries.
enum EntryList {
    static func print(_ page: Page<TimelineEntry>, title: String, json: Bool, expand: Bool) {
        let context = CommandContext.current
        if json {
            context.print((try? Printing.json(EntryPageJSON(page: page))) ?? "{}")
            return
        }
        if page.items.isEmpty { context.print("Nothing in \(title) yet.") }
        for item in page.items {
            context.print(Printing.entry(item, expand: expand))
            context.print()
        }
        if let next = page.nextCursor { context.print("More: --before \(next)") }
    }
}

/// Entry IDs typed on the command line, with or without the `#` the lists show.
enum EntryID {
    static func parse(_ text: String) throws(CommandFailure) -> Entry.ID {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let id = Entry.ID(rawValue: digits) else {
            throw .usage("\(text) is not an entry ID (the number after # in a list).")
        }
        return id
    }
}
