import QwinkleKit
import QwinkleStorage

/// A page of a thread, and where the next page of its replies starts.
public struct ThreadPage: Sendable {
    /// The thread: the entry, its ancestors and this page of replies.
    public var thread: EntryThread
    /// Where the next page of replies starts, `nil` when there are no more.
    public var next: ThreadCursor?
}

extension ThreadCursor {
    /// The cursor as one number, as a page's `Link` carries it: twice the reply's ID, plus one to skip its replies.
    public var encoded: Int64 { after.key * 2 + (skippingItsReplies ? 1 : 0) }

    /// The cursor a client sent back (0, like every cursor, is the start: no cursor), or 422 naming the parameter.
    public static func decoded(_ text: String, name: String) throws -> ThreadCursor? {
        guard let value = Entry.ID.decimalInteger(text) else {
            throw ServiceError.invalid(field: name, "\(name) must come from the Link of an earlier page.")
        }
        guard value >= 2 else { return nil }
        return ThreadCursor(after: Entry.ID(integer: value / 2), skippingItsReplies: value % 2 == 1)
    }
}

extension EntryService {
    /// The most ancestors shown above an entry: the nearest ones.
    public static let maxAncestors = 40
    /// Replies on a page of a thread unless asked otherwise.
    public static let defaultThreadLimit = 40

    /// An entry the viewer may read, with its thread as they may read it (see `EntryThread`).
    ///
    /// Replies are read in batches until the page is full, like a timeline's entries; a reply the viewer may not
    /// read, or one by someone they mute, is left out with every reply below it, so the thread never shows that it
    /// was there.
    public func thread(id: String, viewer: Viewer, after cursor: ThreadCursor?, limit: Int) async throws -> ThreadPage {
        let entry = try await readable(id: id, viewer: viewer)
        let ancestors = try await readableAncestors(of: entry, viewer: viewer)
        var replies: [ThreadItem] = []
        var position = cursor
        var hiddenDepth: Int?
        let batch = max(limit, 20)
        read: for _ in 0..<10 {
            let items = try await storage.replies(below: entry.id, after: position, limit: batch)
            for item in items {
                if let depth = hiddenDepth, item.depth > depth {
                    continue
                }
                hiddenDepth = nil
                guard Policy.lists(item.entry, in: .thread(root: entry.reply?.root ?? entry.id), viewer: viewer) else {
                    hiddenDepth = item.depth
                    position = ThreadCursor(after: item.entry.id, skippingItsReplies: true)
                    continue
                }
                replies.append(item)
                position = ThreadCursor(after: item.entry.id, skippingItsReplies: false)
                if replies.count == limit { break read }
            }
            if let depth = hiddenDepth, let last = items.last, last.depth > depth {
                // The batch ended inside a hidden reply's subtree: go on after all of it.
                position?.skippingItsReplies = true
            }
            if items.count < batch {
                position = nil
                break
            }
        }
        let shownAll = try await shown([entry] + ancestors + replies.map(\.entry), viewer: viewer)
        let byID = Dictionary(shownAll.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard let shownEntry = byID[entry.id] else { throw ServiceError.notFound("The entry \(id)") }
        return ThreadPage(
            thread: EntryThread(
                entry: shownEntry, ancestors: ancestors.compactMap { byID[$0.id] },
                replies: replies.compactMap { item in byID[item.entry.id].map { ThreadReply(entry: $0, depth: item.depth) } }
            ),
            next: position
        )
    }

    /// The entries above one that the viewer may read, up to the first that is hidden or gone, first of the thread first.
    private func readableAncestors(of entry: Entry, viewer: Viewer) async throws -> [Entry] {
        guard entry.reply != nil else { return [] }
        let ids = try await storage.ancestorIDs(of: entry.id).suffix(Self.maxAncestors)
        let found = Dictionary(try await storage.entries(ids: Array(ids)).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var chain: [Entry] = []
        for id in ids.reversed() {
            guard let ancestor = found[id], Policy.canRead(ancestor, viewer: viewer) else { break }
            chain.append(ancestor)
        }
        return chain.reversed()
    }
}
