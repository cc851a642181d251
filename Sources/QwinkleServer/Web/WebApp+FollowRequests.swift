import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// The people asking to follow the signed-in person, each to approve or refuse.
    struct FollowRequestsContent: Sendable {
        let requests: [AccountView]
        let locked: Bool
        let nextURL: String?
    }

    func followRequestsPage(_ request: Request, visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        let page = try TimelineService.pageRequest(limit: 40, maxID: request.uri.queryParameters.get("max_id"), sinceID: nil)
        let requests = try await services.social.followRequests(of: me, page: page)
        let content = FollowRequestsContent(
            requests: requests.items.map(AccountView.init), locked: me.locked, nextURL: requests.next.map { "/follow-requests?max_id=\($0)" }
        )
        return render("follow-requests", content, site: SiteView(title: "Follow requests", visit: visit, section: "/follow-requests"))
    }

    /// Approves or refuses one request, then shows the rest.
    func answerFollowRequest(_ username: String, approve: Bool, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        let me = try visit.signedInAccount()
        if approve {
            _ = try await services.social.approve(username, by: me)
        } else {
            _ = try await services.social.refuse(username, by: me)
        }
        return .redirect(to: "/follow-requests")
    }
}
