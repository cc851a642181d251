import Foundation
import QwinkleKit
import QwinkleStorage

extension SocialService {
    /// A page of the people asking to follow the account, most recent first.
    public func followRequests(of me: Account, page: PageRequest) async throws -> ListPage<Account> {
        let found = try await context.storage.followRequests(to: me.id, page: page)
        return ListPage(items: found.map(\.item.requester), next: found.count == page.limit ? found.last?.cursor : nil)
    }

    /// The account approves the request of the one with this username: they follow it now, and a person elsewhere has
    /// their server told (`Accept`). `notFound` when they did not ask.
    public func approve(_ username: String, by me: Account) async throws -> Relationship {
        let them = try await context.existingAccount(username: username)
        guard let request = try await context.storage.approveFollowRequest(them.id, me.id, at: context.clock.now()) else {
            throw ServiceError.notFound("A follow request from @\(username)")
        }
        try await answered(request, of: me, approved: true)
        return try await relationship(me, them)
    }

    /// The account refuses the request of the one with this username; a person elsewhere has their server told
    /// (`Reject`). `notFound` when they did not ask.
    public func refuse(_ username: String, by me: Account) async throws -> Relationship {
        let them = try await context.existingAccount(username: username)
        guard let request = try await context.storage.removeFollowRequest(them.id, me.id) else {
            throw ServiceError.notFound("A follow request from @\(username)")
        }
        try await answered(request, of: me, approved: false)
        return try await relationship(me, them)
    }

    /// Approves every request waiting for the account (as it stops approving its followers).
    func approveEveryRequest(to me: Account) async throws {
        while true {
            let waiting = try await context.storage.followRequests(to: me.id, page: PageRequest(limit: 100))
            guard !waiting.isEmpty else { return }
            for paged in waiting {
                if let request = try await context.storage.approveFollowRequest(paged.item.requester.id, me.id, at: context.clock.now()) {
                    try await answered(request, of: me, approved: true)
                }
            }
        }
    }

    /// Tells whoever asked: their live streams here, or their server elsewhere.
    private func answered(_ request: FollowRequest, of me: Account, approved: Bool) async throws {
        if let remote = request.remote {
            try await context.remote?.answered(remote, of: me, approved: approved)
        } else if approved {
            context.events.publish(.relationsChanged(of: request.requester.id))
            context.events.publish(.notified(me.id))
        }
    }
}
