import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func getRelationship(_ input: Operations.GetRelationship.Input) async throws -> Operations.GetRelationship.Output {
        .ok(.init(body: .json(try .init(try await services.social.relationship(to: input.path.username, of: signedInAccount())))))
    }

    func setAccountNote(_ input: Operations.SetAccountNote.Input) async throws -> Operations.SetAccountNote.Output {
        guard case .json(let body) = input.body else { throw ServiceError.badRequest("Send the note as JSON.") }
        return .ok(.init(body: .json(try .init(try await services.social.setNote(body.note, on: input.path.username, by: signedInAccount())))))
    }

    func blockAccount(_ input: Operations.BlockAccount.Input) async throws -> Operations.BlockAccount.Output {
        .ok(.init(body: .json(try .init(try await services.social.block(input.path.username, by: signedInAccount())))))
    }

    func unblockAccount(_ input: Operations.UnblockAccount.Input) async throws -> Operations.UnblockAccount.Output {
        .ok(.init(body: .json(try .init(try await services.social.unblock(input.path.username, by: signedInAccount())))))
    }

    func muteAccount(_ input: Operations.MuteAccount.Input) async throws -> Operations.MuteAccount.Output {
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the mute as JSON: {} for one without an end.") }
        let relationship = try await services.social.mute(
            input.path.username, notifications: request.notifications ?? true, duration: request.duration, by: signedInAccount()
        )
        return .ok(.init(body: .json(try .init(relationship))))
    }

    func unmuteAccount(_ input: Operations.UnmuteAccount.Input) async throws -> Operations.UnmuteAccount.Output {
        .ok(.init(body: .json(try .init(try await services.social.unmute(input.path.username, by: signedInAccount())))))
    }

    func listBlocks(_ input: Operations.ListBlocks.Input) async throws -> Operations.ListBlocks.Output {
        let me = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/blocks", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let blocks = try await services.social.blocks(of: me, page: page.request)
        return .ok(.init(headers: .init(link: page.nextLink(blocks.next)), body: .json(try blocks.items.map(Components.Schemas.Account.init))))
    }

    func listMutes(_ input: Operations.ListMutes.Input) async throws -> Operations.ListMutes.Output {
        let me = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/mutes", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let mutes = try await services.social.mutes(of: me, page: page.request)
        let items = try mutes.items.map { Components.Schemas.MutedAccount(account: try .init($0.account), mute: .init($0.mute)) }
        return .ok(.init(headers: .init(link: page.nextLink(mutes.next)), body: .json(items)))
    }

    func listDomainBlocks(_ input: Operations.ListDomainBlocks.Input) async throws -> Operations.ListDomainBlocks.Output {
        let me = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/domain_blocks", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let blocks = try await services.social.domainBlocks(of: me, page: page.request)
        return .ok(.init(headers: .init(link: page.nextLink(blocks.next)), body: .json(blocks.items)))
    }

    func blockDomain(_ input: Operations.BlockDomain.Input) async throws -> Operations.BlockDomain.Output {
        guard case .json(let body) = input.body else { throw ServiceError.invalid(field: "domain", "Name the server's domain.") }
        return .ok(.init(body: .json(.init(domain: try await services.social.blockDomain(body.domain, by: signedInAccount())))))
    }

    func unblockDomain(_ input: Operations.UnblockDomain.Input) async throws -> Operations.UnblockDomain.Output {
        _ = try await services.social.unblockDomain(input.path.domain, by: signedInAccount())
        return .noContent(.init())
    }

    func listFollowRequests(_ input: Operations.ListFollowRequests.Input) async throws -> Operations.ListFollowRequests.Output {
        let me = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/follow_requests", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let requests = try await services.social.followRequests(of: me, page: page.request)
        return .ok(.init(headers: .init(link: page.nextLink(requests.next)), body: .json(try requests.items.map(Components.Schemas.Account.init))))
    }

    func approveFollowRequest(_ input: Operations.ApproveFollowRequest.Input) async throws -> Operations.ApproveFollowRequest.Output {
        .ok(.init(body: .json(try .init(try await services.social.approve(input.path.username, by: signedInAccount())))))
    }

    func refuseFollowRequest(_ input: Operations.RefuseFollowRequest.Input) async throws -> Operations.RefuseFollowRequest.Output {
        .ok(.init(body: .json(try .init(try await services.social.refuse(input.path.username, by: signedInAccount())))))
    }
}
