import Foundation
import QwinkleKit

/// A notification that no other write records: a refused edit, which stores nothing else.
public struct NewNotification: Hashable, Sendable {
    /// Who is told.
    public var recipient: Account.ID
    /// What happened.
    public var kind: AccountNotification.Kind
    /// Who did it.
    public var actor: Account.ID
    /// The entry it is about.
    public var entry: Entry.ID?
    /// A refused edit's base revision.
    public var baseRevision: Int?
    /// The entry's revision when the edit was refused.
    public var currentRevision: Int?
    /// When it happened.
    public var createdAt: Date

    /// Describes a notification.
    public init(
        recipient: Account.ID, kind: AccountNotification.Kind, actor: Account.ID, entry: Entry.ID? = nil, baseRevision: Int? = nil,
        currentRevision: Int? = nil, createdAt: Date
    ) {
        self.recipient = recipient
        self.kind = kind
        self.actor = actor
        self.entry = entry
        self.baseRevision = baseRevision
        self.currentRevision = currentRevision
        self.createdAt = createdAt
    }
}

/// Notifications and how far each account has read them.
///
/// Follows, journal grants (given or taken back), messages and marks record their notifications themselves, in the
/// transaction of the change: a committed follow always has its notification, and a follow or mark that was there
/// already records nothing. Marking one's own entry tells nobody.
public protocol NotificationStore: Sendable {
    /// Records a notification that no other write records (a refused edit).
    func addNotification(_ notification: NewNotification) async throws
    /// The account's notifications, newest first; the cursor is the notification's ID. Those whose actor, entry or
    /// conversation was deleted for good are gone with it.
    func notifications(of account: Account.ID, page: PageRequest) async throws -> [AccountNotification]
    /// Marks the account's notifications read up to and including `id`; reading never goes backwards. Returns the
    /// ID read up to now.
    func markNotificationsRead(of account: Account.ID, upTo id: Int64) async throws -> Int64
    /// The ID the account has read its notifications up to, 0 for none.
    func notificationsReadUpTo(of account: Account.ID) async throws -> Int64
    /// Deletes the account's notifications that `match` selects (every one, for an empty match); how many went.
    func dismissNotifications(of account: Account.ID, _ match: NotificationMatch) async throws -> Int
}

/// Which of an account's notifications a dismissal takes: all that are of `kind`, about `entry` and within `ids`,
/// each condition only when given.
public struct NotificationMatch: Hashable, Sendable {
    /// Of this kind.
    public var kind: AccountNotification.Kind?
    /// About this entry.
    public var entry: Entry.ID?
    /// With an ID in this range.
    public var ids: ClosedRange<Int64>?

    /// Describes a match.
    public init(kind: AccountNotification.Kind? = nil, entry: Entry.ID? = nil, ids: ClosedRange<Int64>? = nil) {
        self.kind = kind
        self.entry = entry
        self.ids = ids
    }

    /// Every notification.
    public static let all = NotificationMatch()
}
