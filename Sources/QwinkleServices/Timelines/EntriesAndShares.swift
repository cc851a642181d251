import QwinkleKit
import QwinkleStorage

/// A list read as entries and shares together (a home timeline, with the shares of those the viewer follows and
/// their own; a profile, with its account's shares): each batch is the list's entries merged, newest first, with
/// the shares, one cursor for both (a share's ID is drawn from the entries' sequence). It remembers who shared what
/// it handed out, for the page to show.
final class EntriesAndShares {
    private let scope: EntryScope
    private let source: ShareSource
    private let storage: any Storage
    /// The sharer of each share handed out, by its cursor (never an entry's: both come from one sequence).
    private var sharers: [Int64: Account.ID] = [:]

    /// The list `scope` with the shares of `source`, read from `storage`.
    init(_ scope: EntryScope, shares source: ShareSource, storage: any Storage) {
        self.scope = scope
        self.source = source
        self.storage = storage
    }

    /// The shares a list holds besides its entries: a home timeline's and a profile's; `nil` for the others.
    static func source(of scope: EntryScope) -> ShareSource? {
        switch scope {
        case .home(let viewer): .homeOf(viewer)
        case .author(let author, _): .by(author)
        case .everyonePublic, .journal, .marked, .bookmarked, .pinned, .tag, .thread: nil
        }
    }

    /// Up to `page.limit` items of the window, newest first: entries at their IDs, shared entries at their shares'.
    func batch(_ page: PageRequest) async throws -> [Paged<Entry>] {
        let entries = try await storage.entries(scope, page: page)
        let shares = try await storage.shares(source, page: page)
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
