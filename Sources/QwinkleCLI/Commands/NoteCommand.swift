import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle note`.
struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Read or keep your private note on someone, which only you ever see.",
        discussion: """
            With text, the note is kept (replacing the one before); without, it is shown. Nobody is told, and no
            other server learns of it. Mastodon apps show the same note.
            Examples:
              qwinkle note @mary "Met at the harbour café; likes owls."
              qwinkle note @mary
              qwinkle note @mary --clear
            """
    )

    @Argument(help: "@username, or @user@host for someone on another server") var user: Username
    @Argument(help: "The note; leave it out to read the one kept.") var words: [String] = []
    @Flag(help: "Remove the note.") var clear = false
    @OptionGroup var client: ClientOptions

    func run() async throws {
        if clear && !words.isEmpty { throw CommandFailure.usage("Give a note or --clear, not both.") }
        let api = try await client.client()
        let context = CommandContext.current
        if words.isEmpty && !clear {
            let relation = try await attempt { () async throws(QwinkleError) in try await api.relationship(with: user.name) }
            return context.print(relation.note.isEmpty ? "No note on @\(relation.account.username) yet." : relation.note)
        }
        let note = clear ? "" : words.joined(separator: " ")
        let relation = try await attempt { () async throws(QwinkleError) in try await api.setNote(note, on: user.name) }
        context.print(relation.note.isEmpty ? "No note on @\(relation.account.username) now." : "Kept your note on @\(relation.account.username).")
    }
}
