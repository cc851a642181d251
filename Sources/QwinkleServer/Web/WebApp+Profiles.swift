import Foundation
import QwinkleStorage
import Hummingbird
import QwinkleKit

extension WebApp {
    /// A person's page: who they are, whether you follow them, and their entries you may read.
    struct ProfileContent: Sendable {
        let person: AccountView
        let isMe: Bool
        let following: Bool
        let entries: [EntryView]
        let nextURL: String?
        /// The list's name, for the shared entry list.
        let heading: String
        let emptyText = "No entries you can see yet."
    }

    func profile(_ username: String, request: Request, visit: WebVisit) async throws -> Response {
        let person = try await api.getAccount(.init(path: .init(username: username))).ok.body.json
        let maxID = request.uri.queryParameters.get("max_id")
        let page = try await api.listAccountEntries(.init(path: .init(username: username), query: .init(maxId: maxID))).ok
        let viewer = try await api.currentViewer()
        let personID = Account.ID(rawValue: person.id)
        let shown = AccountView(person)
        let content = ProfileContent(
            person: shown, isMe: visit.account?.id.rawValue == person.id,
            following: personID.map(viewer.relations.following.contains) ?? false,
            entries: try page.body.json.map { EntryView($0, viewer: visit.account) },
            nextURL: Self.nextMaxID(in: page.headers.link).map { "/people/\(person.username)?max_id=\($0)" },
            heading: "Entries by \(shown.name)"
        )
        return render("profile", content, site: SiteView(title: "\(shown.name) (@\(person.username))", visit: visit, section: nil))
    }

    func follow(_ username: String, following: Bool, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(request, visit: visit)
        if following {
            _ = try await api.followAccount(.init(path: .init(username: username))).ok
        } else {
            _ = try await api.unfollowAccount(.init(path: .init(username: username))).ok
        }
        return .redirect(to: "/people/\(Self.pathEscaped(username))")
    }
}
