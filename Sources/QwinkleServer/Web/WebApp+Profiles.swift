import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// A person's page: who they are, whether you follow them, and their entries you may read.
    struct ProfileContent: Sendable {
        let person: AccountView
        let isMe: Bool
        let following: Bool
        let entries: [EntryView]
        let nextURL: String?
        /// For a person of another server: their server, and their profile there.
        let elsewhere: Elsewhere?
        /// The list's name, for the shared entry list.
        let heading: String
        let emptyText = "No entries you can see yet."
    }

    /// Where a person of another server lives, and their profile there.
    struct Elsewhere: Sendable {
        let host: String
        let url: String
    }

    func profile(_ username: String, request: Request, visit: WebVisit) async throws -> Response {
        let person = try await services.accounts.account(username: username)
        let pageRequest = try TimelineService.pageRequest(limit: nil, maxID: request.uri.queryParameters.get("max_id"), sinceID: nil)
        let viewer = try await services.accounts.viewer(for: visit.account)
        let page = try await services.timelines.page(.author(person.id, viewer: visit.account?.id), page: pageRequest, viewer: viewer)
        var following = false
        if let me = visit.account { following = try await services.social.relationship(to: person.username, of: me).following }
        let shown = AccountView(person)
        let content = ProfileContent(
            person: shown, isMe: visit.account?.id == person.id,
            following: following,
            entries: page.items.map { EntryView($0, viewer: visit.account) },
            nextURL: page.next.map { "/people/\(person.username)?max_id=\($0)" },
            elsewhere: try await services.accounts.originalProfile(of: person).map { Elsewhere(host: person.host ?? "", url: $0) },
            heading: "Entries by \(shown.name)"
        )
        return render("profile", content, site: SiteView(title: "\(shown.name) (@\(person.username))", visit: visit, section: nil))
    }

    func follow(_ username: String, following: Bool, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        let me = try visit.signedInAccount()
        if following {
            _ = try await services.social.follow(username, by: me)
        } else {
            _ = try await services.social.unfollow(username, by: me)
        }
        return .redirect(to: "/people/\(username.urlComponentEscaped)")
    }
}
