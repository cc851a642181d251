import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func updateEntry(_ input: Operations.UpdateEntry.Input) async throws -> Operations.UpdateEntry.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the edit as JSON.") }
        let content = try request.requestedContent()
        switch try await services.entries.suggest(content, baseRevision: request.baseRevision, to: input.path.id, by: account) {
        case .applied(let shown): return .ok(.init(body: .json(try .init(shown))))
        case .conflict(let conflict): return .conflict(.init(body: .json(try .init(conflict))))
        }
    }

    func listEntryRevisions(_ input: Operations.ListEntryRevisions.Input) async throws -> Operations.ListEntryRevisions.Output {
        let revisions = try await services.entries.revisions(of: input.path.id, by: signedInAccount())
        return .ok(.init(body: .json(try revisions.map(Components.Schemas.Entry.init))))
    }

    func restoreEntryRevision(_ input: Operations.RestoreEntryRevision.Input) async throws -> Operations.RestoreEntryRevision.Output {
        let restored = try await services.entries.restore(revision: input.path.revision, of: input.path.id, by: signedInAccount())
        return .ok(.init(body: .json(try .init(restored))))
    }
}
