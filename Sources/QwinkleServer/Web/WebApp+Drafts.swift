import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// The drafts page: each of the account's drafts, to continue or delete.
    struct DraftsContent: Sendable {
        struct Item: Sendable {
            let id: String
            let kindLabel: String
            let visibilityLabel: String
            let preview: String
            let isEmpty: Bool
            let savedText: String
            let savedAt: String
            let continueURL: String
            let deleteURL: String
        }

        let drafts: [Item]
        let hasDrafts: Bool
    }

    func draftsPage(visit: WebVisit) async throws -> Response {
        let account = try visit.signedInAccount()
        let page = try await services.drafts.drafts(of: account, page: PageRequest(limit: TimelineService.maximumLimit))
        let items = page.items.map { draft in
            DraftsContent.Item(
                id: draft.id.rawValue,
                kindLabel: draft.content.kind.name.rawValue.capitalized,
                visibilityLabel: draft.content.visibility.label,
                preview: String(draft.content.body.prefix(280)),
                isEmpty: draft.content.body.isEmpty,
                savedText: EntryView.timeText(draft.updatedAt),
                savedAt: RFC3339.string(from: draft.updatedAt),
                continueURL: "/compose?draft=\(draft.id)",
                deleteURL: "/drafts/\(draft.id)/delete"
            )
        }
        return render("drafts", DraftsContent(drafts: items, hasDrafts: !items.isEmpty), site: SiteView(title: "Drafts", visit: visit, section: "/compose"))
    }

    func deleteDraft(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        try await services.drafts.delete(id: id, by: visit.signedInAccount())
        return .redirect(to: "/drafts")
    }
}
