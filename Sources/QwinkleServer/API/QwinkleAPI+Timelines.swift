import Foundation
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    func getHomeTimeline(_ input: Operations.GetHomeTimeline.Input) async throws -> Operations.GetHomeTimeline.Output {
        let account = try await signedInAccount()
        let viewer = try await viewer(for: account)
        let page = try PageQuery(path: "/api/v1/timelines/home", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.home(viewer: account.id), page: page, viewer: viewer))
    }

    func getPublicTimeline(_ input: Operations.GetPublicTimeline.Input) async throws -> Operations.GetPublicTimeline.Output {
        let viewer = try await currentViewer()
        let page = try PageQuery(path: "/api/v1/timelines/public", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.everyonePublic, page: page, viewer: viewer))
    }

    func getJournalTimeline(_ input: Operations.GetJournalTimeline.Input) async throws -> Operations.GetJournalTimeline.Output {
        let account = try await signedInAccount()
        let viewer = try await viewer(for: account)
        let page = try PageQuery(path: "/api/v1/timelines/journal", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.journal(viewer: account.id), page: page, viewer: viewer))
    }

    func listAccountEntries(_ input: Operations.ListAccountEntries.Input) async throws -> Operations.ListAccountEntries.Output {
        let viewer = try await currentViewer()
        let author = try await existingAccount(username: input.path.username)
        let page = try PageQuery(path: "/api/v1/accounts/\(author.username)/entries", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.author(author.id, viewer: viewer.account), page: page, viewer: viewer))
    }

    func listMarks(_ input: Operations.ListMarks.Input) async throws -> Operations.ListMarks.Output {
        let account = try await signedInAccount()
        let viewer = try await viewer(for: account)
        let page = try PageQuery(path: "/api/v1/marks", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.marked(by: account.id), page: page, viewer: viewer))
    }

    private func entryPage(_ scope: EntryScope, page: PageQuery, viewer: Viewer) async throws -> Components.Responses.EntryPage {
        let (entries, next) = try await visibleEntries(scope, page: page.request, viewer: viewer)
        return .init(headers: .init(link: page.nextLink(lastCursor: next)), body: .json(try await entryResponses(entries, viewer: viewer)))
    }
}
