import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func listDrafts(_ input: Operations.ListDrafts.Input) async throws -> Operations.ListDrafts.Output {
        let account = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/drafts", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let drafts = try await services.drafts.drafts(of: account, page: page.request)
        return .ok(.init(headers: .init(link: page.nextLink(drafts.next)), body: .json(try drafts.items.map(Components.Schemas.Draft.init))))
    }

    func createDraft(_ input: Operations.CreateDraft.Input) async throws -> Operations.CreateDraft.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the draft as JSON.") }
        let draft = try await services.drafts.create(
            try request.requestedContent(),
            by: account
        )
        return .created(.init(headers: .init(location: "/api/qwinkle/v1/drafts/\(draft.id)"), body: .json(try .init(draft))))
    }

    func getDraft(_ input: Operations.GetDraft.Input) async throws -> Operations.GetDraft.Output {
        .ok(.init(body: .json(try .init(try await services.drafts.draft(id: input.path.id, by: signedInAccount())))))
    }

    func updateDraft(_ input: Operations.UpdateDraft.Input) async throws -> Operations.UpdateDraft.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the draft as JSON.") }
        let content = try request.requestedContent()
        switch try await services.drafts.save(content, baseRevision: request.baseRevision, to: input.path.id, by: account) {
        case .saved(let saved): return .ok(.init(body: .json(try .init(saved))))
        case .conflict(let conflict): return .conflict(.init(body: .json(try .init(conflict))))
        }
    }

    func deleteDraft(_ input: Operations.DeleteDraft.Input) async throws -> Operations.DeleteDraft.Output {
        try await services.drafts.delete(id: input.path.id, by: signedInAccount())
        return .noContent(.init())
    }
}
