import QwinkleKit
import QwinkleStorage

extension NotificationService {
    /// Takes the account's notifications that `match` selects away, on every client (the count of the unread follows);
    /// how many went: none for notifications that are gone already, or were never theirs.
    @discardableResult
    public func dismiss(_ match: NotificationMatch, by me: Account) async throws -> Int {
        let dismissed = try await storage.dismissNotifications(of: me.id, match)
        if dismissed > 0 { context.events.publish(.notified(me.id)) }
        return dismissed
    }

    /// Takes every notification of the account away.
    public func clear(by me: Account) async throws {
        _ = try await storage.dismissNotifications(of: me.id, .all)
        context.events.publish(.notified(me.id))
    }

    /// One of the account's notifications on its own, as the reader may see it now; `notFound` otherwise.
    public func single(id: String, for me: Account) async throws -> NotificationGroup {
        guard let cursor = AccountNotification.ID(rawValue: id)?.integerValue else { throw ServiceError.notFound("The notification \(id)") }
        let found = try await singlesPage(for: me, page: PageRequest(limit: 1, maxCursor: cursor + 1, sinceCursor: cursor - 1))
        guard let single = found.items.first, single.id.integerValue == cursor else { throw ServiceError.notFound("The notification \(id)") }
        return single
    }
}
