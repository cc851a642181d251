import QwinkleKit

extension Policy {
    /// Why an account may not pin an entry to its profile, or `nil` if it may: only its own, and only one written for
    /// more than its journal (public, unlisted or followers-only), since a profile is read by others and a pin says
    /// to all of them that the entry is there. Each reader is still shown only what they may read.
    public static func pinProblem(_ entry: Entry, by account: Account.ID) -> String? {
        if entry.author != account { return "Only your own entries can be pinned to your profile." }
        if !entry.visibility.isShort { return "A journal or private entry cannot be pinned: your profile is for others to read." }
        return nil
    }
}
