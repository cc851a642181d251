import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func restoreEntry(_ input: Operations.RestoreEntry.Input) async throws -> Operations.RestoreEntry.Output {
        .ok(.init(body: .json(try .init(try await services.entries.restoreDeleted(id: input.path.id, by: signedInAccount())))))
    }

    func listTrash(_ input: Operations.ListTrash.Input) async throws -> Operations.ListTrash.Output {
        let account = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/trash", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let trash = try await services.entries.trash(of: account, page: page.request)
        return .ok(.init(
            headers: .init(link: page.nextLink(trash.next)),
            body: .json(try trash.items.map { .init(entry: try .init($0.entry), deletedAt: $0.deletedAt) })
        ))
    }
}
