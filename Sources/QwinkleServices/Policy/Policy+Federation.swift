import QwinkleKit
import QwinkleStorage

extension Policy {
    /// Whether an entry may be shared on: only what anyone may read (public or unlisted, as Mastodon boosts both),
    /// so that a share never widens who reads it.
    public static func canShare(_ entry: Entry) -> Bool {
        entry.content.visibility.isOpen
    }
}
