import ArgumentParser
import QwinkleKit

/// The fields of an entry's content that a command may name besides its text, photos and kind, shared by every
/// command that writes content (post, journal, dream, draft save, edit, scheduled change): each one named is set,
/// and what is not named stays as the content had it, so a save or a change never widens who may read it unless
/// asked.
struct ContentOptions: ParsableArguments {
    @Option(help: ArgumentHelp("public, unlisted, followers, journal or private.", valueName: "who"))
    var visibility: Visibility?

    @Option(name: [.customLong("content-warning"), .customLong("cw")], help: ArgumentHelp("A content warning, shown in place of the text until opened (\"\" removes it).", valueName: "text"))
    var contentWarning: String?

    @Flag(inversion: .prefixedNo, help: "Whether the photos are sensitive: hidden until opened.")
    var sensitive: Bool?

    @Option(help: ArgumentHelp("Where it was written, in your words (\"\" removes it).", valueName: "place"))
    var location: String?

    /// Whether any field was named.
    var namesAny: Bool { visibility != nil || location != nil || contentWarning != nil || sensitive != nil }

    /// Sets the fields named, leaving the rest.
    func apply(to content: inout EntryContent) {
        if let visibility { content.visibility = visibility }
        if let location { content[line: .location] = location }
        if let contentWarning { content[line: .contentWarning] = contentWarning }
        if let sensitive { content.sensitive = sensitive }
    }
}
