import QwinkleKit

extension Policy {
    /// Whether an account may see, change or cancel an entry waiting to be posted: its author only. To anyone else
    /// it does not exist until it is posted, whoever they follow or share with, so no relations are needed.
    public static func canManage(_ scheduled: ScheduledEntry, by account: Account.ID) -> Bool {
        scheduled.author == account
    }
}
