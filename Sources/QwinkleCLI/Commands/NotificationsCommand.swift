import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle notifications`.
struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "Your notifications, newest first, with how many are unread.",
        discussion: """
            Follows, journals shared with you or no longer shared, messages, marks of your entries, replies to your \
            entries, mentions of you, and edits of yours refused because the entry had changed. A reply or mention \
            names its entry: read it with `qwinkle thread ID`. Many of one kind about one thing are shown as one line. \
            Unread ones start with *. --mark-read marks everything shown as read.

            Examples:
              qwinkle notifications
              qwinkle notifications --mark-read
              qwinkle notifications --json
            """
    )

    @Option(help: "How many notifications (at most 100).") var limit: Int?
    @Option(help: "Show notifications older than this (the next page).") var before: String?
    @Flag(help: "Mark the notifications shown (and all before them) as read.") var markRead = false
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let context = CommandContext.current
        let page = try await attempt { () async throws(QwinkleError) in try await api.notifications(limit: limit, before: before) }
        var unread = try await attempt { () async throws(QwinkleError) in try await api.unreadNotificationCount() }
        if markRead, let newest = page.items.first?.id {
            unread = try await attempt { () async throws(QwinkleError) in try await api.markNotificationsRead(upTo: newest) }
        }
        if output.json {
            return context.print(try Printing.json(NotificationsOutput(
                notifications: page.items.map(NotificationLine.init), unreadCount: unread, nextCursor: page.nextCursor
            )))
        }
        if page.items.isEmpty { context.print("No notifications.") }
        for group in page.items {
            var line = "\(group.unread ? "*" : " ") #\(group.id)  \(Printing.time(group.createdAt))  \(group.summary)"
            if let entry = group.entry { line += "  (entry #\(entry.id))" }
            context.print(line)
        }
        context.print(unread == 1 ? "1 unread." : "\(unread) unread.")
        if let next = page.nextCursor { context.print("More: --before \(next)") }
    }
}

/// What `qwinkle notifications --json` prints.
private struct NotificationsOutput: Encodable {
    var notifications: [NotificationLine]
    var unreadCount: Int
    var nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case notifications
        case unreadCount = "unread_count"
        case nextCursor = "next_cursor"
    }
}

/// One notification group as `--json` prints it, with the API's field names.
private struct NotificationLine: Encodable {
    var id: String
    var kind: String
    var count: Int
    var actors: [String]
    var summary: String
    var unread: Bool
    var createdAt: Date
    var entryID: String?
    var conversationID: String?

    init(_ group: NotificationGroup) {
        id = group.id.rawValue
        kind = group.kind.rawValue
        count = group.count
        actors = group.actors.map(\.username)
        summary = group.summary
        unread = group.unread
        createdAt = group.createdAt
        entryID = group.entry?.id.rawValue
        conversationID = group.conversation?.rawValue
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, count, actors, summary, unread
        case createdAt = "created_at"
        case entryID = "entry_id"
        case conversationID = "conversation_id"
    }
}
