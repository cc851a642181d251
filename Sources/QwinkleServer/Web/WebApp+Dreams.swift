import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// The most dreams the dreams page lists.
    static let maxDreamsListed = 200

    /// The signed-in person's dreams, to share as cards, duplicate, and undo changes to.
    struct DreamsContent: Sendable {
        let dreams: [EntryView]
    }

    func dreamsPage(visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        let viewer = try await services.accounts.viewer(for: me)
        var dreams: [TimelineEntry] = []
        var request = PageRequest(limit: TimelineService.maximumLimit)
        // Their own entries, newest first, keeping the dreams; bounded so one page view cannot read without end.
        for _ in 0..<20 {
            let page = try await services.timelines.page(.author(me.id, viewer: me.id), page: request, viewer: viewer)
            dreams += page.items.filter { $0.entry.dream != nil }
            guard let next = page.next, dreams.count < Self.maxDreamsListed else { break }
            request.maxCursor = next
        }
        let content = DreamsContent(dreams: dreams.prefix(Self.maxDreamsListed).map { EntryView($0, viewer: visit.account) })
        return render("dreams", content, site: SiteView(title: "Dreams", visit: visit, section: "/dreams", scripts: ["dreams.js"]))
    }
}
