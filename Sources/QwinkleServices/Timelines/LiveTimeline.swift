import QwinkleKit
import QwinkleStorage
import Synchronization

/// One viewer's timeline, live: what was missed, then each event judged as it arrives by the scope's own
/// definition and the policy, against the viewer's follows and journal grants as they are then.
///
/// The relations are kept here and read again only when an event says they changed, so judging an event costs
/// no database read; showing an edited entry reads only whether the viewer marked it.
public final class LiveTimeline: Sendable {
    /// What a stream does with one event.
    public enum Verdict: Hashable, Sendable {
        /// Shows a new entry.
        case entry(TimelineEntry)
        /// Shows an entry's new version.
        case update(TimelineEntry)
        /// Takes an entry the viewer could see away: deleted, or edited out of their sight.
        case remove(Entry.ID)
        /// Takes away every entry by these people, whom a block or a mute just hid from the viewer.
        case hide(authors: [Account])
        /// Nothing for this viewer.
        case skip
        /// Ends the stream: its session was logged out.
        case end
    }

    /// The entries written after the stream's starting point, oldest first.
    public let missed: [TimelineEntry]
    /// The events and heartbeats as they are published.
    public let subscription: EntrySubscription

    private let scope: EntryScope
    private let tokenHash: String?
    private let context: ServiceContext
    /// The viewer, with relations that change while the stream is open.
    private let viewer: Mutex<Viewer>
    /// The newest entry sent while catching up: a live copy of it is not sent again.
    private let newestMissed: Int64?

    init(scope: EntryScope, viewer: Viewer, tokenHash: String?, missed: [TimelineEntry], subscription: EntrySubscription, context: ServiceContext) {
        self.scope = scope
        self.viewer = Mutex(viewer)
        self.tokenHash = tokenHash
        self.missed = missed
        self.subscription = subscription
        self.context = context
        newestMissed = missed.last?.cursor
    }

    /// What the stream does with an event.
    public func verdict(on event: EntryEvent) async throws -> Verdict {
        switch event {
        case .signedOut(let hash):
            return hash == tokenHash ? .end : .skip
        case .notified:
            return .skip
        case .relationsChanged(let account):
            guard let me = viewer.withLock({ $0 }).account, me == account else { return .skip }
            return try await rereadRelations()
        case .standingChanged:
            return try await rereadRelations()
        case .created(let entry, let author):
            if let newestMissed, let id = entry.id.integerValue, id <= newestMissed { return .skip }
            guard shows(entry) else { return .skip }
            // A new entry has no marks or replies yet; a reply is shown with what the viewer may know of its parent.
            guard entry.reply != nil else { return .entry(TimelineEntry(entry: entry, author: author, marked: false)) }
            return .entry(try await EntryService(context: context).shown(entry, viewer: viewer.withLock { $0 }))
        case .updated(let before, let after, let author):
            if shows(after) { return .update(try await shownUpdate(after, author: author)) }
            // An edit that took it out of the viewer's sight (made private, say) removes it.
            return before.map(shows) == true ? .remove(after.id) : .skip
        case .deleted(let entry):
            return shows(entry) ? .remove(entry.id) : .skip
        }
    }

    /// Reads the viewer's relations again (for one signed out, what moderators decided) and hides the people they
    /// keep out of this list now.
    private func rereadRelations() async throws -> Verdict {
        let current = viewer.withLock { $0 }
        let relations = try await context.relations(of: current.account)
        viewer.withLock { $0.relations = relations }
        let hidden = hiddenAuthors(relations).subtracting(hiddenAuthors(current.relations))
        guard !hidden.isEmpty else { return .skip }
        return .hide(authors: try await context.storage.accounts(ids: hidden).values.sorted { $0.username < $1.username })
    }

    /// The people whose entries these relations keep out of this list (see `Policy.hidesEveryEntry`), among those
    /// the relations name.
    private func hiddenAuthors(_ relations: ViewerRelations) -> Set<Account.ID> {
        let viewer = Viewer(account: viewer.withLock { $0.account }, relations: relations)
        let named = relations.blocking.union(relations.blockedBy).union(relations.domainBlocked).union(relations.suspended)
            .union(relations.muting.keys).union(relations.limited)
        return named.filter { Policy.hidesEveryEntry(of: $0, in: scope, viewer: viewer) }
    }

    /// Whether the viewer sees an entry here: it belongs to the list, and the policy lets them read it.
    private func shows(_ entry: Entry) -> Bool {
        let viewer = viewer.withLock { $0 }
        return scope.contains(entry, relations: viewer.relations) == true && Policy.lists(entry, in: scope, viewer: viewer)
    }

    private func shownUpdate(_ entry: Entry, author: Account) async throws -> TimelineEntry {
        try await EntryService(context: context).shown(entry, viewer: viewer.withLock { $0 })
    }
}
