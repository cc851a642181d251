import QwinkleKit
import QwinkleStorage

extension EntryService {
    /// Who marked an entry the viewer may read, most recent mark first, as far as the viewer may know it
    /// (`Policy.seesEveryMark`): every account for its author; for anyone else, themselves if they marked it.
    public func markers(of id: String, viewer: Viewer, page: PageRequest) async throws -> ListPage<Account> {
        let entry = try await readable(id: id, viewer: viewer)
        if Policy.seesEveryMark(on: entry, viewer: viewer) {
            return ListPage(try await storage.markers(of: entry.id, page: page), page: page)
        }
        // One's own mark is a list of one, on the first page only.
        guard let me = viewer.account, page.maxCursor == nil, page.sinceCursor == nil,
            try await storage.markedEntries(among: [entry.id], by: me).contains(entry.id),
            let account = try await storage.account(id: me)
        else { return ListPage(items: [], next: nil) }
        return ListPage(items: [account], next: nil)
    }
}
