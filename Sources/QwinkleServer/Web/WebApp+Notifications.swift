import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// The notifications page: groups, newest first, unread ones marked, and a button to mark them all read.
    struct NotificationsContent: Sendable {
        /// One group as the page shows it.
        struct Item: Sendable {
            let id: String
            let kind: String
            let summary: String
            let unread: Bool
            let createdAt: String
            let createdText: String
            /// Where the group leads: the entry, the conversation or the first actor's profile.
            let url: String?
            /// The entry's text, shortened, when it is about one (and not shown whole).
            let excerpt: String?
            /// The reply or the mentioning entry, whole, as a list shows it: it is what the notification is for.
            let entry: EntryView?
        }

        let items: [Item]
        /// The newest notification's ID, which "Mark all read" reads up to.
        let newest: String?
        let nextURL: String?
    }

    /// `GET /notifications[?max_id=…]`.
    func notificationsPage(_ request: Request, visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        let page = try TimelineService.pageRequest(limit: nil, maxID: request.uri.queryParameters.get("max_id"), sinceID: nil)
        let groups = try await services.notifications.page(for: me, page: page)
        let items = groups.items.map { group in
            let whole = group.kind == .replied || group.kind == .mentioned ? group.entry : nil
            return NotificationsContent.Item(
                id: group.id.rawValue, kind: group.kind.rawValue, summary: group.summary, unread: group.unread,
                createdAt: RFC3339.string(from: group.createdAt), createdText: EntryView.timeText(group.createdAt),
                url: Self.link(of: group), excerpt: whole == nil ? group.entry.map(Self.excerpt) : nil,
                entry: whole.map { EntryView($0, viewer: me) }
            )
        }
        let content = NotificationsContent(
            items: items, newest: page.maxCursor == nil ? items.first?.id : nil, nextURL: groups.next.map { "/notifications?max_id=\($0)" }
        )
        return render("notifications", content, site: SiteView(title: "Notifications", visit: visit, section: "/notifications"))
    }

    /// `POST /notifications/read`: everything up to the newest shown is read; back to the page.
    func markNotificationsRead(_ request: Request, visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        let form = try await form(PostedForm.NotificationsRead.self, request, visit: visit)
        _ = try await services.notifications.markRead(upTo: form.newest ?? "", by: me)
        return .redirect(to: "/notifications")
    }

    /// Where a group leads.
    private static func link(of group: NotificationGroup) -> String? {
        if let entry = group.entry { return "/entries/\(entry.id)" }
        if let conversation = group.conversation { return "/messages/\(conversation)" }
        return group.actors.first.map { "/people/\($0.username)" }
    }

    /// An entry's first words for a notification, or its content warning, which stands for what it hides.
    static func excerpt(of shown: TimelineEntry) -> String {
        shown.entry.content.warning.map { "⚠ " + $0 } ?? String(shown.entry.body.prefix(80))
    }
}
