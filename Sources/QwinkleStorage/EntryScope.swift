import QwinkleKit

/// Which entries a list reads, before the read policy judges each one.
///
/// `contains(_:relations:)` is the one written definition of each list; every backend's query must select exactly
/// the entries it accepts (and none in the trash), which the storage conformance suite checks.
public enum EntryScope: Hashable, Sendable {
    /// The viewer's own entries, and those of the accounts they follow that are `public`, `unlisted` or `followers`, or
    /// `journal` when that account shares its journal with the viewer.
    case home(viewer: Account.ID)
    /// Everyone's `public` entries (not the `unlisted` ones).
    case everyonePublic
    /// The viewer's `journal` and `private` entries, and the `journal` entries of those who share with them.
    case journal(viewer: Account.ID)
    /// One author's entries; others' `private` ones are left out unless the viewer is the author.
    case author(Account.ID, viewer: Account.ID?)
    /// The entries an account marked, most recently marked first; the cursor is the mark's own sequence.
    case marked(by: Account.ID)
    /// The entries an account bookmarked, most recently bookmarked first; the cursor is the bookmark's own sequence.
    case bookmarked(by: Account.ID)
    /// The entries an author pinned to their profile, most recently pinned first; the cursor is the pin's own sequence.
    case pinned(by: Account.ID)
    /// The entries whose text has a tag (its normalized name, `Tag.normalized`), newest first.
    case tag(String)
    /// A thread: its first entry and every reply in it, newest first (a thread page's live stream and catching up).
    case thread(root: Entry.ID)
}
