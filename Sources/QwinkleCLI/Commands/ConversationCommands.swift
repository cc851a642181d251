import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle reply`: a reply to an entry, read by the parent's readers unless you say otherwise.
struct ReplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reply",
        abstract: "Reply to an entry (by default read by the same people as the entry).",
        discussion: """
            A reply cannot be read more widely than its entry unless you say so with --wider.

            Examples:
              qwinkle reply 42 "Well said, @abe!"
              qwinkle reply 42 "Everyone should see this." --visibility public --wider
            """
    )

    @Argument(help: "The ID of the entry to reply to.") var id: String
    @OptionGroup var compose: ComposeOptions
    @Flag(help: "Reply with a journal entry (up to 10,000 characters) instead of an update.") var journal = false
    @Flag(help: "Let the reply be read more widely than the entry it answers.") var wider = false
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let parent = try EntryID.parse(id)
        try await compose.post(
            kind: journal ? .journal : .update, defaultVisibility: try await parentVisibility(parent),
            reply: ReplyTarget(parent: parent, wider: wider), client: client, output: output
        )
    }

    /// The parent's visibility, which the reply keeps unless --visibility says otherwise; not asked for when it
    /// does, so a reply with --visibility can be queued while the server is away.
    private func parentVisibility(_ parent: Entry.ID) async throws -> Visibility {
        if let named = compose.fields.visibility { return named }
        let api = try await client.client()
        do {
            return try await api.entry(parent).entry.visibility
        } catch where error.isUnreachable {
            throw CommandFailure.unreachable("\(error.description) To queue the reply, say who may read it with --visibility.")
        } catch {
            throw CommandFailure(error)
        }
    }
}

/// `qwinkle thread`: an entry with what it answers and its replies.
struct ThreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thread",
        abstract: "Show an entry with the entries it answers and its replies, indented by depth.",
        discussion: """
            The entries above it come first, oldest first; then the entry; then its replies in reply order. The last \
            line names the --after value for the next page of replies.

            Examples:
              qwinkle thread 42
              qwinkle thread 42 --limit 20 --after CURSOR
            """
    )

    /// Replies deeper than this are shown at this depth, so a long exchange stays readable in 80 columns.
    static let deepestIndent = 6

    @Argument(help: "The entry's ID.") var id: String
    @Option(help: "How many replies (at most 100).") var limit: Int?
    @Option(help: "Show the replies after this cursor (the next page).") var after: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let entryID = try EntryID.parse(id)
        let api = try await client.client(requireSignIn: false)
        let page = try await attempt { () async throws(QwinkleError) in try await api.thread(entryID, limit: limit, after: after) }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(ThreadOutput(page))) }
        let thread = page.thread
        for item in thread.ancestors + [thread.entry] {
            context.print(Printing.entry(item, expand: output.expand))
            context.print()
        }
        for reply in thread.replies {
            context.print(Printing.entry(reply.entry, indent: 2 * min(reply.depth, Self.deepestIndent), expand: output.expand))
            context.print()
        }
        if let next = page.nextCursor { context.print("More replies: --after \(next)") }
    }
}

/// What `qwinkle thread --json` prints: the API's entry context, with the next page's cursor.
private struct ThreadOutput: Encodable {
    var entry: EntryJSON
    var ancestors: [EntryJSON]
    var replies: [Reply]
    var nextCursor: String?

    init(_ page: ThreadPage) {
        entry = EntryJSON(item: page.thread.entry)
        ancestors = page.thread.ancestors.map(EntryJSON.init)
        replies = page.thread.replies.map { Reply(depth: $0.depth, entry: EntryJSON(item: $0.entry)) }
        nextCursor = page.nextCursor
    }

    /// A reply and how deep it is (1 = a direct reply to the entry).
    struct Reply: Encodable {
        var depth: Int
        var entry: EntryJSON
    }

    enum CodingKeys: String, CodingKey {
        case entry, ancestors, replies
        case nextCursor = "next_cursor"
    }
}

/// `qwinkle tag`: the entries with a tag.
struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Read the entries with a tag that you may read, newest first.",
        discussion: """
            Tags are matched whatever their case: #Coffee and #coffee are one tag. The last line names the --before \
            value for the next page.

            Example:
              qwinkle tag coffee
            """
    )

    @Argument(help: "The tag, with or without #.") var name: String
    @Option(help: "How many entries (at most 100).") var limit: Int?
    @Option(help: "Show entries older than this ID (the next page).") var before: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client(requireSignIn: false)
        let timeline = Timeline.tag(name)
        let page = try await attempt { () async throws(QwinkleError) in try await api.timeline(timeline, limit: limit, before: before) }
        EntryList.print(page, title: timeline.description, json: output.json, expand: output.expand)
    }
}
