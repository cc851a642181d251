import Foundation
import Hummingbird
import QwinkleKit

extension WebApp {
    /// The most dreams the dreams page lists.
    static let maxDreamsListed = 200

    /// The signed-in person's dreams, to share as cards, duplicate, and undo changes to.
    struct DreamsContent: Sendable {
        let dreams: [EntryView]
    }

    func dreamsPage(visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        var dreams: [Components.Schemas.Entry] = []
        var maxID: String?
        // Their own entries, newest first, keeping the dreams; bounded so one page view cannot read without end.
        for _ in 0..<20 {
            let page = try await api.listAccountEntries(
                .init(path: .init(username: me.username), query: .init(limit: 100, maxId: maxID))
            ).ok
            dreams += try page.body.json.filter { $0.kind == .dream }
            maxID = Self.nextMaxID(in: page.headers.link)
            if maxID == nil || dreams.count >= Self.maxDreamsListed { break }
        }
        let content = DreamsContent(dreams: dreams.prefix(Self.maxDreamsListed).map { EntryView($0, viewer: visit.account) })
        return render("dreams", content, site: SiteView(title: "Dreams", visit: visit, section: "/dreams", scripts: ["dreams.js"]))
    }
}
