import QwinkleKit

extension Policy {
    /// Whether the viewer may see every account that marked an entry they can read: only its author may, as each
    /// mark is told to the author alone (a notification); anyone else knows only of a mark of their own.
    public static func seesEveryMark(on entry: Entry, viewer: Viewer) -> Bool {
        viewer.account == entry.author
    }
}
