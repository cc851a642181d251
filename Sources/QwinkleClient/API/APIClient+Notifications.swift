import Foundation
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// A page of your notifications, grouped, newest first; `before` is the previous page's `nextCursor`.
    public func notifications(limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<NotificationGroup> {
        let (groups, link) = try await call {
            guard case .ok(let ok) = try await generated.listNotifications(query: .init(limit: limit, maxId: before)), case .json(let groups) = ok.body
            else { throw unexpected(0) }
            return (groups, ok.headers.link)
        }
        let items = try groups.map { g throws(QwinkleError) in try understood { try g.model() } }
        return Page(items: items, nextCursor: nextCursor(fromLink: link))
    }

    /// How many of your notifications you have not read.
    public func unreadNotificationCount() async throws(QwinkleError) -> Int {
        let output = try await call { try await generated.getUnreadNotificationCount() }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return body.unreadCount
    }

    /// Marks your notifications read up to and including the one with this ID; returns the unread count after it.
    @discardableResult
    public func markNotificationsRead(upTo id: AccountNotification.ID) async throws(QwinkleError) -> Int {
        let output = try await call { try await generated.markNotificationsRead(body: .json(.init(upToId: id.rawValue))) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return body.unreadCount
    }
}
