import Foundation
import QwinkleKit
import QwinkleStorage

extension EntryService {
    /// Shares an entry with the account's followers (a boost, in Mastodon's words): it is in their home timelines and
    /// on the account's profile, shared by them, its author is told, and followers elsewhere are sent an Announce.
    /// Only what the policy lets be passed on may be (`Policy.canShare`); sharing twice is sharing once.
    public func share(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        let entry = try await readable(id: id, viewer: viewer)
        guard Policy.canShare(entry, viewer: viewer) else {
            throw ServiceError.forbidden("Only a public entry can be shared: this one is for its author's chosen readers.")
        }
        // Its activity's ID is made here, once, so the Undo of a later unshare names the same Announce.
        let activityID = "\(Self.shareActivityPrefix)\(UUID().uuidString.lowercased())"
        do {
            if try await storage.addShare(NewShare(Share(sharer: account.id, entry: entry.id), activityID: activityID, sharedAt: context.clock.now())) {
                context.events.publish(.notified(entry.author))
                try await context.remote?.shared(entry, activityID: activityID, by: account)
            }
        } catch StorageError.notFound {
            throw ServiceError.notFound("The entry \(id)")
        }
        return try await shown(entry, viewer: viewer)
    }

    /// Takes the account's share of an entry back; followers elsewhere are sent an Undo of its Announce.
    public func unshare(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        let entry = try await readable(id: id, viewer: viewer)
        if let activityID = try await storage.removeShare(of: entry.id, by: account.id) {
            try await context.remote?.unshared(entry, activityID: activityID, by: account)
        }
        return try await shown(entry, viewer: viewer)
    }

    /// Who shared an entry the viewer may read, the latest share first: a share is public, as what it passes on is.
    public func sharers(of id: String, viewer: Viewer, page: PageRequest) async throws -> ListPage<Account> {
        let entry = try await readable(id: id, viewer: viewer)
        var found = ListPage(try await storage.sharers(of: entry.id, page: page), page: page)
        // Those the viewer blocked or muted are left out, as their shares are of the viewer's timelines.
        found.items.removeAll { Policy.hidesEveryEntry(of: $0.id, in: nil, viewer: viewer) }
        return found
    }

    /// What the activity ID of a share by this server's people starts with; the federation door makes the Announce's
    /// own address from the rest.
    public static let shareActivityPrefix = "qwinkle:share:"
}
