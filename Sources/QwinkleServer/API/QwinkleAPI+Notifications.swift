import Foundation
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func listNotifications(_ input: Operations.ListNotifications.Input) async throws -> Operations.ListNotifications.Output {
        let account = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/notifications", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let groups = try await services.notifications.page(for: account, page: page.request)
        return .ok(.init(headers: .init(link: page.nextLink(groups.next)), body: .json(try groups.items.map(Components.Schemas.Notification.init))))
    }

    func markNotificationsRead(_ input: Operations.MarkNotificationsRead.Input) async throws -> Operations.MarkNotificationsRead.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send up_to_id as JSON.") }
        let unread = try await services.notifications.markRead(upTo: request.upToId, by: account)
        return .ok(.init(body: .json(.init(unreadCount: unread))))
    }

    func getUnreadNotificationCount(_ input: Operations.GetUnreadNotificationCount.Input) async throws -> Operations.GetUnreadNotificationCount.Output {
        let account = try await signedInAccount()
        return .ok(.init(body: .json(.init(unreadCount: try await services.notifications.unreadCount(for: account)))))
    }

    /// The account's notifications as server-sent events: those missed since `Last-Event-ID`, the unread count,
    /// `: live`, then what each event brings.
    func streamNotifications(_ input: Operations.StreamNotifications.Input) async throws -> Operations.StreamNotifications.Output {
        let account = try await signedInAccount()
        // Checked before subscribing, so a refusal leaves nothing to undo.
        let since = try input.headers.lastEventID.map { (text: String) throws -> Int64 in
            guard let value = AccountNotification.ID.decimalInteger(text) else {
                throw ServiceError.invalid(field: "Last-Event-ID", "Last-Event-ID must be the id of a notification event a stream sent.")
            }
            return value
        }
        let live = try await services.notifications.live(
            for: account, tokenHash: RequestCredentials.bearerToken.map(TokenIssuer.hash), since: since, heartbeat: configuration.streamHeartbeat
        )
        do {
            let missed = try live.missed.map { EventStreamFrame.event(try Self.notificationEvent($0)) }
            let opening = try missed + [.event(Self.unreadEvent(live.unreadCount)), .comment("live")]
            let stream = EntryEventStream(opening: opening, subscription: live.subscription) { event in
                switch try await live.verdict(on: event) {
                case .notifications(let groups, let unread): .sendAll(try groups.map(Self.notificationEvent) + [Self.unreadEvent(unread)])
                case .skip: .skip
                case .end: .end
                }
            }
            return .ok(.init(
                headers: .init(cacheControl: "no-cache", xAccelBuffering: "no"),
                body: .textEventStream(HTTPBody(stream, length: .unknown, iterationBehavior: .single))
            ))
        } catch {
            live.subscription.finish()
            throw error
        }
    }

    /// A new notification's event; only these carry an `id`, so `Last-Event-ID` names the last one received.
    private static func notificationEvent(_ group: NotificationGroup) throws -> ServerSentEvent {
        ServerSentEvent(id: group.id.rawValue, event: "notification", data: try oneLineJSON(Components.Schemas.Notification(group)))
    }

    /// The unread count's event.
    private static func unreadEvent(_ count: Int) throws -> ServerSentEvent {
        ServerSentEvent(event: "unread", data: try oneLineJSON(Components.Schemas.UnreadCount(unreadCount: count)))
    }
}
