import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle scheduled`: your entries waiting to be posted, and `change` and `cancel` for one of them.
struct ScheduledCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scheduled",
        abstract: "List, change or cancel your scheduled entries (post them later with `qwinkle post --at`).",
        discussion: """
            Examples:
              qwinkle post "Happy new year!" --at 2027-01-01T00:00:00+01:00
              qwinkle scheduled
              qwinkle scheduled change 7 --at +2h --text "Happy new year, everyone!"
              qwinkle scheduled cancel 7
            """,
        subcommands: [ScheduledListCommand.self, ScheduledChangeCommand.self, ScheduledCancelCommand.self],
        defaultSubcommand: ScheduledListCommand.self
    )
}

/// `qwinkle scheduled list`, also plain `qwinkle scheduled`.
struct ScheduledListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Your scheduled entries, soonest first.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let scheduled = try await attempt { () async throws(QwinkleError) in try await api.scheduledEntries() }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(scheduled)) }
        guard !scheduled.isEmpty else { return context.print("Nothing scheduled. Schedule an entry with: qwinkle post TEXT --at +2h") }
        context.print(scheduled.map { Printing.scheduled($0) }.joined(separator: "\n"))
    }
}

/// `qwinkle scheduled change`.
struct ScheduledChangeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change",
        abstract: "Change when a scheduled entry is posted, or its text or visibility.",
        discussion: "Example:\n  qwinkle scheduled change 7 --at +1d --text \"Tomorrow instead\""
    )

    @Argument(help: "The scheduled entry's ID (from `qwinkle scheduled`).") var id: String
    @Option(help: ArgumentHelp("When to post it: 2026-12-24T18:00:00+01:00, or +30m, +2h, +1d.", valueName: "time")) var at: String?
    @Option(help: ArgumentHelp("The new text.", valueName: "text")) var text: String?
    @OptionGroup var fields: ContentOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard at != nil || text != nil || fields.namesAny else { throw CommandFailure.usage("Say what to change: --at, --text or --visibility.") }
        let scheduledID = try ScheduledID.parse(id)
        let time = try at.map { text throws(CommandFailure) in try ScheduleTime.parse(text) }
        let api = try await client.client()
        let current = try await attempt { () async throws(QwinkleError) in try await api.scheduledEntry(scheduledID) }
        var content = current.content
        if let text { content.body = text }
        fields.apply(to: &content)
        let changed = try await attempt { () async throws(QwinkleError) in
            try await api.changeScheduledEntry(scheduledID, to: content, at: time ?? current.scheduledAt)
        }
        CommandContext.current.print(
            output.json ? try Printing.json(changed) : "Scheduled #\(changed.id) for \(Printing.scheduleTime(changed.scheduledAt))."
        )
    }
}

/// `qwinkle scheduled cancel`.
struct ScheduledCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel a scheduled entry: it is never posted.", discussion: "Example:\n  qwinkle scheduled cancel 7"
    )

    @Argument(help: "The scheduled entry's ID (from `qwinkle scheduled`).") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let scheduledID = try ScheduledID.parse(id)
        let api = try await client.client()
        try await attempt { () async throws(QwinkleError) in try await api.cancelScheduledEntry(scheduledID) }
        CommandContext.current.print("Cancelled #\(scheduledID): it will not be posted.")
    }
}

/// A scheduled entry's ID as typed: digits, with or without `#`.
enum ScheduledID {
    static func parse(_ text: String) throws(CommandFailure) -> ScheduledEntry.ID {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let id = ScheduledEntry.ID(rawValue: digits) else {
            throw .usage("\(text) is not a scheduled entry's ID (the number after # in `qwinkle scheduled`).")
        }
        return id
    }
}

extension Printing {
    /// A scheduled entry: a heading line (ID, when, kind and visibility), then its text wrapped and indented, and its
    /// photos.
    static func scheduled(_ scheduled: ScheduledEntry, now: Date = Date()) -> String {
        let content = scheduled.content
        var lines = ["#\(scheduled.id)  \(scheduleTime(scheduled.scheduledAt, now: now)) · \(what(content.kind.name, for: content.visibility))"]
        lines += TextWrapping.lines(of: content.body, width: width - 4).map { "    " + $0 }
        for photo in content.photos {
            lines.append("    [photo \(photo.id)\(photo.alt.isEmpty ? "" : ": \(photo.alt)")]")
        }
        return lines.joined(separator: "\n")
    }

    /// When a scheduled entry is posted: `2026-11-21 09:30 UTC (in 2 hours)`.
    static func scheduleTime(_ date: Date, now: Date = Date()) -> String {
        "\(time(date)) UTC (\(ScheduleTime.distance(to: date, from: now)))"
    }
}
