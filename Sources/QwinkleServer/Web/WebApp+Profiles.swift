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
    }

    func profile(_ username: String, request: Request, visit: WebVisit) async throws -> Response {
        let person = try await api.getAccount(.init(path: .init(username: username))).ok.body.json
        let maxID = request.uri.queryParameters.get("max_id")
        let page = try await api.listAccountEntries(.init(path: .init(username: username), query: .init(maxId: maxID))).ok
        let viewer = try await api.currentViewer()
        let personID = Account.ID(rawValue: person.id)
        let content = ProfileContent(
            person: AccountView(person), isMe: visit.account?.id.rawValue == person.id,
            following: personID.map(viewer.relations.following.contains) ?? false,
            entries: try page.body.json.map { EntryView($0, viewer: visit.account) },
            nextURL: Self.nextMaxID(in: page.headers.link).map { "/people/\(person.username)?max_id=\($0)" }
        )
        let name = AccountView(person).name
        return render("profile", content, site: SiteView(title: "\(name) (@\(person.username))", visit: visit, section: nil))
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

    /// Text made safe for one path segment: RFC 3986's unreserved characters stay as they are.
    static func pathEscaped(_ text: String) -> String {
        var unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        unreserved.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
