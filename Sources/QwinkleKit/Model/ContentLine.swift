import Foundation

/// A one-line text an entry's content may carry beside its body, such as where it was written.
///
/// Each line is described once, here: its name (in JSON, in forms, in the API's conflict parts), what people call
/// it and its longest length. Everything that treats lines alike works from this list: the content's JSON, its
/// merge and conflicts, the rule on its length, the web app's form, page and scripts, the CLI's and terminal app's
/// entries, archives and the Mastodon API's text. So a new line is a case here plus what cannot be generic: its
/// column, its property in the contract, its CLI option and its ActivityPub property (see `docs/architecture.md`).
public enum ContentLine: String, CaseIterable, Hashable, Sendable, Codable {
    /// A content warning: what the text (and sensitive photos) are about, which every client shows in their place
    /// until the reader opens them (Mastodon's `spoiler_text`, ActivityStreams' `summary`). It counts toward the
    /// entry's length, as Mastodon counts a spoiler text.
    case contentWarning = "content_warning"
    /// Where it was written, in the author's words: "Harbour café, Lisbon". Nothing locates it: no coordinates are
    /// kept, and a device's position is never read.
    case location

    /// The lines every client shows after the text, in this order: all but the warning, which is shown in the
    /// text's place (`isWarning`).
    public static let shown: [ContentLine] = allCases.filter { !$0.isWarning }

    /// Whether this is the warning the text hides behind.
    public var isWarning: Bool { self == .contentWarning }

    /// What people call it, on forms and beside its text: "Location".
    public var label: String {
        switch self {
        case .contentWarning: "Content warning"
        case .location: "Location"
        }
    }

    /// The most characters it may have (as the length rule counts them: grapheme clusters).
    public var limit: Int {
        switch self {
        case .contentWarning, .location: 100
        }
    }

    /// What a person reads when the text is longer than `limit`.
    public var tooLong: String { "\(label) must be at most \(limit) characters." }

    /// The text as content keeps it: on one line (each run of line breaks one space), without spaces at its ends,
    /// and none at all for an empty one.
    public static func kept(_ text: String?) -> String? {
        guard let text else { return nil }
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return oneLine.isEmpty ? nil : oneLine
    }
}
