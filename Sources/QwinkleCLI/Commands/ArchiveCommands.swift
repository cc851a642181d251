import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle export`: the signed-in account's archive, one ZIP, downloaded as the server makes it.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Download your archive: every entry with its revisions, your photos, follows, messages and a journal in Markdown.",
        discussion: """
            The server makes the ZIP while it sends it, so its size is not known in advance: a terminal shows the \
            bytes received so far. The archive is written beside FILE and moved into place only when whole. Import \
            it into an account on any Qwinkle server with `qwinkle import`. The format is docs/archive-format.md.

            Example:
              qwinkle export qwinkle-archive.zip
            """
    )

    @Argument(help: ArgumentHelp("The ZIP file to write.", valueName: "file")) var file: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let context = CommandContext.current
        let destination = URL(fileURLWithPath: file)
        let meter = ByteMeter(label: "Exporting", terminal: context.outputIsTerminal)
        let size = try await attempt { () async throws(QwinkleError) in
            try await api.exportArchive(to: destination) { received in
                if let line = meter.update(received) { context.output.write(line) }
            }
        }
        context.output.write(meter.finish())
        context.print("Saved your archive to \(file) (\(ProgressLine.size(size))).")
    }
}

/// `qwinkle import`: an archive loaded into the signed-in account.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an archive made by `qwinkle export` (from any Qwinkle server), a Day One export or a jrnl journal.",
        discussion: """
            Entries keep their text, kind, visibility, photos, revisions and times, marked as imported. Follows and \
            journal readers are made again for the usernames this server has; the others are listed. Importing the \
            same archive again adds nothing. A bad archive is refused whole, with the reason. A Day One export (its \
            JSON export ZIP) or a jrnl journal (`jrnl --format json > journal.json`) becomes private journal entries \
            with their dates, starred entries marked; Day One's photos come along, and what cannot is listed. jrnl \
            writes times without a zone: name the one they were written in with --time-zone (UTC otherwise). An \
            entry longer than an entry here is split into consecutive entries, and the report names it. Messages, \
            drafts and scheduled entries do not come along; the report says so.

            Examples:
              qwinkle import qwinkle-archive.zip
              qwinkle import journal.json --time-zone Pacific/Auckland
            """
    )

    @Argument(help: ArgumentHelp("The archive to import.", valueName: "file")) var file: String
    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp("The time zone a jrnl journal's times were written in, such as Europe/Paris (UTC by default).", valueName: "zone")
    )
    var timeZone: String?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        guard FileManager.default.isReadableFile(atPath: url.path) else { throw CommandFailure.refused("There is no file \(file).") }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw CommandFailure.usage("--time-zone \(timeZone) is not a time zone; name one such as Europe/Paris or Pacific/Auckland.")
        }
        let api = try await client.client()
        let summary = try await attempt { () async throws(QwinkleError) in try await api.importArchive(from: url, timeZone: timeZone) }
        let context = CommandContext.current
        if output.json {
            let object: [String: Any] = [
                "format": summary.format, "entries_imported": summary.entriesImported,
                "entries_already_present": summary.entriesAlreadyPresent, "photos_imported": summary.photosImported,
                "following": summary.following, "following_not_found": summary.followingNotFound,
                "journal_readers": summary.journalReaders, "journal_readers_not_found": summary.journalReadersNotFound,
                "warnings": summary.warnings,
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            return context.print(String(decoding: data, as: UTF8.self))
        }
        for line in Self.lines(summary) { context.print(line) }
    }

    /// The report for people.
    static func lines(_ summary: ArchiveImportReport) -> [String] {
        var lines = ["Imported \(Plural.count(summary.entriesImported, "entry", "entries")) and \(Plural.count(summary.photosImported, "photo"))."]
        switch summary.entriesAlreadyPresent {
        case 0: break
        case 1: lines.append("1 entry had been imported before and was left as it is.")
        case let number: lines.append("\(number) entries had been imported before and were left as they are.")
        }
        if !summary.following.isEmpty { lines.append("Following again: \(summary.following.joined(separator: ", ")).") }
        if !summary.followingNotFound.isEmpty {
            lines.append("Not on this server, so not followed: \(summary.followingNotFound.joined(separator: ", ")).")
        }
        if !summary.journalReaders.isEmpty { lines.append("Journal shared again with: \(summary.journalReaders.joined(separator: ", ")).") }
        if !summary.journalReadersNotFound.isEmpty {
            lines.append("Not on this server, so the journal is not shared with: \(summary.journalReadersNotFound.joined(separator: ", ")).")
        }
        // Each warning is a whole sentence: something split, kept once, or left out, and why.
        lines.append(contentsOf: summary.warnings.map { "Note: \($0)" })
        return lines
    }
}

/// Bytes received so far, for a download whose size nobody knows in advance: on a terminal, a line redrawn in place
/// with a bar that sweeps while bytes arrive; elsewhere nothing, so scripts' output stays the result.
final class ByteMeter {
    private let label: String
    private let terminal: Bool
    private var drawn = false
    private var lastDraw = Date.distantPast

    init(label: String, terminal: Bool) {
        self.label = label
        self.terminal = terminal
    }

    /// Text to write for the bytes received so far, or `nil` (off a terminal, or within a tenth of a second of the
    /// last redraw).
    func update(_ received: Int64) -> String? {
        guard terminal, Date().timeIntervalSince(lastDraw) >= 0.1 else { return nil }
        lastDraw = Date()
        drawn = true
        let width = 20
        let position = Int(received / 65_536) % width
        let bar = String(repeating: "░", count: position) + "█" + String(repeating: "░", count: width - position - 1)
        return "\r\(label) \(bar) \(ProgressLine.size(received))\u{1B}[K"
    }

    /// Ends the meter's line, if one was drawn.
    func finish() -> String {
        terminal && drawn ? "\n" : ""
    }
}
