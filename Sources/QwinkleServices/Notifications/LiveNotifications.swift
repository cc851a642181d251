import QwinkleKit
import QwinkleStorage
import Synchronization

/// One account's notifications, live: those missed since the stream's starting point, then, whenever an event
/// says the account may have new ones, those after the last sent, with the unread count after them.
///
/// Events carry only whom they are for; the notifications are read back from the storage, so one stream on any
/// server sees exactly what the storage committed, and a reconnect with `Last-Event-ID` catches up the same way.
public final class LiveNotifications: Sendable {
    /// What a stream does with one event.
    public enum Verdict: Hashable, Sendable {
        /// Sends these new notifications (perhaps none), oldest first, then the unread count.
        case notifications([NotificationGroup], unreadCount: Int)
        /// Nothing for this account.
        case skip
        /// Ends the stream: its session was logged out.
        case end
    }

    /// The notifications after the starting point, oldest first, each on its own.
    public let missed: [NotificationGroup]
    /// The unread count when the stream opened.
    public let unreadCount: Int
    /// The events and heartbeats as they are published.
    public let subscription: EntrySubscription

    private let account: Account
    private let tokenHash: String?
    private let service: NotificationService
    /// The newest notification sent or passed over.
    private let sentUpTo: Mutex<Int64>

    init(
        account: Account, tokenHash: String?, missed: [NotificationGroup], unreadCount: Int, sentUpTo: Int64, subscription: EntrySubscription,
        service: NotificationService
    ) {
        self.account = account
        self.tokenHash = tokenHash
        self.missed = missed
        self.unreadCount = unreadCount
        self.subscription = subscription
        self.service = service
        self.sentUpTo = Mutex(sentUpTo)
    }

    /// What the stream does with an event.
    public func verdict(on event: EntryEvent) async throws -> Verdict {
        switch event {
        case .signedOut(let hash):
            return hash == tokenHash ? .end : .skip
        case .notified(let recipient) where recipient == account.id:
            // Events of one stream are judged one at a time, so reading and then moving the cursor cannot interleave.
            let (groups, newest) = try await service.newer(than: sentUpTo.withLock { $0 }, for: account)
            sentUpTo.withLock { $0 = max($0, newest) }
            return .notifications(groups, unreadCount: try await service.unreadCount(for: account))
        default:
            return .skip
        }
    }
}
