import QwinkleKit
import QwinkleStorage

extension Policy {
    /// Whether an entry may be shared on: only what anyone may read, so that a share never widens who reads it.
    public static func canShare(_ entry: Entry) -> Bool {
        entry.content.visibility == .public
    }
}

extension Viewer {
    /// Someone of another server who follows `author` from there, as a fetch signed by them is read: what the
    /// author's followers read, and nothing that needs an account here.
    public static func remoteFollower(of author: Account.ID) -> Viewer {
        Viewer(account: nil, relations: ViewerRelations(following: [author]))
    }
}
