import QwinkleKit

extension Policy {
    /// Whether the viewer may see every account that marked an entry they can read: only its author may, as each
    /// mark is told to the author alone (a notification); anyone else knows only of a mark of their own.
    public static func seesEveryMark(on entry: Entry, viewer: Viewer) -> Bool {
        viewer.account == entry.author
    }

    /// Whether the viewer may share an entry with their followers: only a public one they may read, as a share
    /// shows it to people its author did not choose (Mastodon boosts unlisted statuses too; Qwinkle keeps an
    /// unlisted entry off every list it was not written for).
    public static func canShare(_ entry: Entry, viewer: Viewer) -> Bool {
        viewer.account != nil && entry.visibility == .public && canRead(entry, viewer: viewer)
    }
}
