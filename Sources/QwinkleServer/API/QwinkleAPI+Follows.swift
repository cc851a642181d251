import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func followAccount(_ input: Operations.FollowAccount.Input) async throws -> Operations.FollowAccount.Output {
        .ok(.init(body: .json(try .init(try await services.social.follow(input.path.username, by: signedInAccount())))))
    }

    func unfollowAccount(_ input: Operations.UnfollowAccount.Input) async throws -> Operations.UnfollowAccount.Output {
        .ok(.init(body: .json(try .init(try await services.social.unfollow(input.path.username, by: signedInAccount())))))
    }

    func listFollowers(_ input: Operations.ListFollowers.Input) async throws -> Operations.ListFollowers.Output {
        let username = try await services.accounts.account(username: input.path.username).username
        let page = try pageQuery(path: "/api/qwinkle/v1/accounts/\(username)/followers", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try accountPage(try await services.social.followers(of: username, page: page.request), page: page))
    }

    func listFollowing(_ input: Operations.ListFollowing.Input) async throws -> Operations.ListFollowing.Output {
        let username = try await services.accounts.account(username: input.path.username).username
        let page = try pageQuery(path: "/api/qwinkle/v1/accounts/\(username)/following", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try accountPage(try await services.social.following(of: username, page: page.request), page: page))
    }

    private func accountPage(_ accounts: ListPage<Account>, page: PageQuery) throws -> Components.Responses.AccountPage {
        .init(headers: .init(link: page.nextLink(accounts.next)), body: .json(try accounts.items.map(Components.Schemas.Account.init)))
    }
}

extension Components.Schemas.Relationship {
    init(_ relationship: Relationship) throws {
        self.init(
            account: try .init(relationship.account), following: relationship.following, followedBy: relationship.followedBy,
            blocking: relationship.blocking, blockedBy: relationship.blockedBy, muting: relationship.muting.map(Components.Schemas.Mute.init),
            domainBlocking: relationship.domainBlocking, requested: relationship.requested, requestedBy: relationship.requestedBy,
            note: relationship.note
        )
    }
}

extension Components.Schemas.Mute {
    init(_ mute: Mute) {
        self.init(notifications: mute.notifications, expiresAt: mute.expiresAt)
    }
}
