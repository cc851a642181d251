import QwinkleKit
import QwinkleStorage

/// A home timeline read as entries and shares together: each batch is the entries of the viewer's streams merged,
/// newest first, with the shares of those the viewer follows, one cursor for both (a share's ID is drawn from the
/// entries' sequence). It remembers who shared what it handed out, for the page to show.
final class HomeShares {
    private let viewer: Account.ID
    private let storage: any Storage
    /// The sharer of each share handed out, by its cursor (never an entry's: both come from one sequence).
    private var sharers: [Int64: Account.ID] = [:]

    /// A home timeline of `viewer`, read from `storage`.
    init(viewer: Account.ID, storage: any Storage) {
        self.viewer = viewer
        self.storage = storage
    }

    /// Up to `page.limit` items of the window, newest first: entries at their IDs, shared entries at their shares'.
    func batch(_ page: PageRequest) async throws -> [Paged<Entry>] {
        let entries = try await storage.entries(.home(viewer: viewer), page: page)
        let shares = try await storage.sharesFollowed(by: viewer, page: page)
        guard !shares.isEmpty else { return entries }
        let shared = Dictionary(
            try await storage.entries(ids: Array(Set(shares.map(\.item.entry)))).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }
        )
        var merged = entries
        for share in shares {
            guard let entry = shared[share.item.entry] else { continue }
            merged.append(Paged(cursor: share.cursor, item: entry))
            sharers[share.cursor] = share.item.sharer
        }
        merged.sort { $0.cursor > $1.cursor }
        return Array(merged.prefix(page.limit))
    }

    /// The entries found, each with the share that brought it if one did, and each entry once: where it came both
    /// as itself and shared, or shared by several, the newest of them stays.
    func unique(_ found: [Paged<Entry>]) -> [(entry: Entry, share: Paged<Account.ID>?)] {
        var seen: Set<Entry.ID> = []
        return found.compactMap { paged in
            guard seen.insert(paged.item.id).inserted else { return nil }
            return (paged.item, sharers[paged.cursor].map { Paged(cursor: paged.cursor, item: $0) })
        }
    }
}
