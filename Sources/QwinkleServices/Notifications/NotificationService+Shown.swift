import QwinkleKit
import QwinkleStorage

/// A notification the reader may see, with what it is about read again now.
struct ShownNotification: Sendable {
    /// The notification.
    var notification: AccountNotification
    /// Who did it.
    var actor: Account
    /// The entry it is about, as the reader is shown it.
    var entry: TimelineEntry?
}

extension NotificationService {
    /// The notifications the reader may see now, in their order, each with its actor and entry.
    func shown(_ notifications: [AccountNotification], to me: Account) async throws -> [ShownNotification] {
        guard !notifications.isEmpty else { return [] }
        let viewer = try await context.viewer(for: me)
        let visible = try await self.visible(notifications, viewer: viewer)
        let actors = try await context.storage.accounts(ids: Set(visible.notifications.map(\.actor)))
        let shownEntries = try await entries.shown(Array(visible.entries.values), viewer: viewer)
        let entriesByID = Dictionary(shownEntries.map { ($0.id, $0) }, uniquingKeysWith: { (first: TimelineEntry, _: TimelineEntry) in first })
        return visible.notifications.compactMap { notification in
            guard let actor = actors[notification.actor] else { return nil }
            guard let id = notification.entry else { return ShownNotification(notification: notification, actor: actor, entry: nil) }
            return entriesByID[id].map { ShownNotification(notification: notification, actor: actor, entry: $0) }
        }
    }

    /// The notifications the viewer may see now, in their order, and the entries they are about: all the judging,
    /// and nothing read for showing them, so counting the unread costs only this.
    ///
    /// Judged as the timelines judge: an entry through `Policy.canRead` (one in the trash is read as gone), a
    /// conversation through `Policy.canRead`, a shared journal by whether it is still shared, and its actor through
    /// `Policy.notifies` (a block either way, a mute of notifications). Deleted actors,
    /// entries and conversations took their notifications with them in the storage.
    func visible(_ notifications: [AccountNotification], viewer: Viewer) async throws -> (notifications: [AccountNotification], entries: [Entry.ID: Entry]) {
        var readable: [Entry.ID: Entry] = [:]
        for id in Set(notifications.compactMap(\.entry)) {
            if let entry = try await context.storage.entry(id: id), Policy.canRead(entry, viewer: viewer) { readable[id] = entry }
        }
        var conversations: [Conversation.ID: Bool] = [:]
        var visible: [AccountNotification] = []
        for notification in notifications {
            guard Policy.notifies(by: notification.actor, viewer: viewer) else { continue }
            if let id = notification.entry, readable[id] == nil { continue }
            if let id = notification.conversation {
                if conversations[id] == nil {
                    conversations[id] = try await context.storage.conversation(id: id).map { Policy.canRead($0, viewer: viewer) } ?? false
                }
                guard conversations[id] == true else { continue }
            }
            if notification.kind == .journalShared, !viewer.relations.journalOwners.contains(notification.actor) { continue }
            visible.append(notification)
        }
        return (visible, readable)
    }

    /// The shown notifications (newest first) as groups, one per kind and subject, each placed at its newest.
    static func grouped(_ shown: [ShownNotification], readUpTo: Int64) -> [NotificationGroup] {
        var order: [String] = []
        var members: [String: [ShownNotification]] = [:]
        for item in shown {
            let subject = item.notification.subject
            if members[subject] == nil { order.append(subject) }
            members[subject, default: []].append(item)
        }
        return order.compactMap { members[$0] }.map { group($0, readUpTo: readUpTo) }
    }

    /// One group of shown notifications, newest first.
    static func group(_ items: [ShownNotification], readUpTo: Int64) -> NotificationGroup {
        let newest = items[0]
        var actors: [Account] = []
        for item in items where !actors.contains(where: { $0.id == item.actor.id }) { actors.append(item.actor) }
        return NotificationGroup(
            id: newest.notification.id, oldestID: items[items.count - 1].notification.id, kind: newest.notification.kind, count: items.count,
            actors: actors, entry: newest.entry, conversation: newest.notification.conversation, baseRevision: newest.notification.baseRevision,
            currentRevision: newest.notification.currentRevision, createdAt: newest.notification.createdAt,
            unread: (newest.notification.id.integerValue ?? 0) > readUpTo
        )
    }
}
