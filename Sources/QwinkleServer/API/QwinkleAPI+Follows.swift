import Foundation
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    func followAccount(_ input: Operations.FollowAccount.Input) async throws -> Operations.FollowAccount.Output {
        let me = try await signedInAccount()
        let them = try await existingAccount(username: input.path.username)
        guard them.id != me.id else { throw APIError.invalid(field: "username", "You cannot follow yourself.") }
        try await storage.follow(me.id, them.id, at: now())
        return .ok(.init(body: .json(try await relationship(me, them))))
    }

    func unfollowAccount(_ input: Operations.UnfollowAccount.Input) async throws -> Operations.UnfollowAccount.Output {
        let me = try await signedInAccount()
        let them = try await existingAccount(username: input.path.username)
        try await storage.unfollow(me.id, them.id)
        return .ok(.init(body: .json(try await relationship(me, them))))
    }

    func listFollowers(_ input: Operations.ListFollowers.Input) async throws -> Operations.ListFollowers.Output {
        let account = try await existingAccount(username: input.path.username)
        let page = try PageQuery(path: "/api/v1/accounts/\(account.username)/followers", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(accountPage(try await storage.followers(of: account.id, page: page.request), page: page))
    }

    func listFollowing(_ input: Operations.ListFollowing.Input) async throws -> Operations.ListFollowing.Output {
        let account = try await existingAccount(username: input.path.username)
        let page = try PageQuery(path: "/api/v1/accounts/\(account.username)/following", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(accountPage(try await storage.following(of: account.id, page: page.request), page: page))
    }

    private func relationship(_ me: Account, _ them: Account) async throws -> Components.Schemas.Relationship {
        Components.Schemas.Relationship(
            account: .init(them),
            following: try await storage.isFollowing(me.id, them.id),
            followedBy: try await storage.isFollowing(them.id, me.id)
        )
    }

    private func accountPage(_ accounts: [Paged<Account>], page: PageQuery) -> Components.Responses.AccountPage {
        let next = accounts.count == page.request.limit ? accounts.last?.cursor : nil
        return .init(headers: .init(link: page.nextLink(lastCursor: next)), body: .json(accounts.map { .init($0.item) }))
    }
}
