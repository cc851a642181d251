import QwinkleKit

extension Policy {
    /// Whether the viewer may see, change or cancel an entry waiting to be posted: its author only. To anyone else
    /// it does not exist until it is posted.
    public static func canManage(_ scheduled: ScheduledEntry, viewer: Viewer) -> Bool {
        scheduled.author == viewer.account
    }
}
