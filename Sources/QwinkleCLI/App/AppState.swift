import Foundation
import QwinkleKit

/// What the app restores on its next start: the tab, the entry highlighted, and the unposted draft, as a versioned
/// JSON file (`qwinkle.app-state`, version 1). A file it cannot read is ignored with a notice, never a crash.
struct AppState: VersionedJSONFormat, Hashable, Sendable {
    /// The file format's name.
    static let formatName = "qwinkle.app-state"
    /// The version this program writes.
    static let formatVersion = 1

    /// The draft as saved.
    struct Draft: Codable, Hashable, Sendable {
        /// The text.
        var body: String
        /// Who would read it.
        var visibility: Visibility
        /// `update`, `journal` or `dream`.
        var kind: Entry.Kind.Name
        /// The dream's creature and effects, for a dream (absent from files written before dreams could be composed).
        var dream: DreamDetails?
        /// The server's draft this continues (absent before the first save, and from files written before drafts
        /// were kept by the server).
        var keptID: QwinkleKit.Draft.ID?
        /// The revision last saved there.
        var keptRevision: Int?

        /// The JSON names.
        enum CodingKeys: String, CodingKey {
            case body, visibility, kind, dream
            case keptID = "kept_id"
            case keptRevision = "kept_revision"
        }
    }

    /// The tab shown.
    var tab: AppTab
    /// The entry highlighted in it, if any.
    var selectedEntry: Entry.ID?
    /// The draft, if something was written and not posted.
    var draft: Draft?

    /// The state of a fresh start.
    static let initial = AppState(tab: .home, selectedEntry: nil, draft: nil)

    /// Reads the state saved at `url`: the initial state when there is none, and with a notice when it is there
    /// but cannot be read (another version, or damaged).
    static func load(from url: URL) -> (state: AppState, notice: String?) {
        guard FileManager.default.fileExists(atPath: url.path) else { return (.initial, nil) }
        do {
            return (try AppState(contentsOf: url), nil)
        } catch {
            return (.initial, "Unreadable saved state ignored.")
        }
    }

    /// The JSON names.
    enum CodingKeys: String, CodingKey {
        /// `tab`.
        case tab
        /// `selected_entry`.
        case selectedEntry = "selected_entry"
        /// `draft`.
        case draft
    }
}
