import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func getHomeTimeline(_ input: Operations.GetHomeTimeline.Input) async throws -> Operations.GetHomeTimeline.Output {
        let account = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/timelines/home", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.home(viewer: account.id), page: page, account: account))
    }

    func getPublicTimeline(_ input: Operations.GetPublicTimeline.Input) async throws -> Operations.GetPublicTimeline.Output {
        let account = try await optionalAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/timelines/public", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.everyonePublic, page: page, account: account))
    }

    func getJournalTimeline(_ input: Operations.GetJournalTimeline.Input) async throws -> Operations.GetJournalTimeline.Output {
        let account = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/timelines/journal", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.journal(viewer: account.id), page: page, account: account))
    }

    func listAccountEntries(_ input: Operations.ListAccountEntries.Input) async throws -> Operations.ListAccountEntries.Output {
        let account = try await optionalAccount()
        let author = try await services.accounts.account(username: input.path.username)
        let page = try pageQuery(
            path: "/api/qwinkle/v1/accounts/\(author.username)/entries", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId
        )
        return .ok(try await entryPage(.author(author.id, viewer: account?.id), page: page, account: account))
    }

    func listPinnedEntries(_ input: Operations.ListPinnedEntries.Input) async throws -> Operations.ListPinnedEntries.Output {
        let account = try await optionalAccount()
        let author = try await services.accounts.account(username: input.path.username)
        let page = try pageQuery(
            path: "/api/qwinkle/v1/accounts/\(author.username)/pinned", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId
        )
        return .ok(try await entryPage(.pinned(by: author.id), page: page, account: account))
    }

    func listMarks(_ input: Operations.ListMarks.Input) async throws -> Operations.ListMarks.Output {
        let account = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/marks", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.marked(by: account.id), page: page, account: account))
    }

    func listBookmarks(_ input: Operations.ListBookmarks.Input) async throws -> Operations.ListBookmarks.Output {
        let account = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/bookmarks", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        return .ok(try await entryPage(.bookmarked(by: account.id), page: page, account: account))
    }

    func getTagTimeline(_ input: Operations.GetTagTimeline.Input) async throws -> Operations.GetTagTimeline.Output {
        let account = try await optionalAccount()
        let tag = try TimelineService.tag(input.path.tag)
        let page = try pageQuery(
            path: "/api/qwinkle/v1/timelines/tag/\(tag.urlComponentEscaped)", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId
        )
        return .ok(try await entryPage(.tag(tag), page: page, account: account))
    }

    private func entryPage(_ scope: EntryScope, page: PageQuery, account: Account?) async throws -> Components.Responses.EntryPage {
        let viewer = try await services.accounts.viewer(for: account)
        let shown = try await services.timelines.page(scope, page: page.request, viewer: viewer)
        // The busiest bodies the API writes: streamed rather than built as a tree first (see `StreamedJSONBody`).
        let entries = try shown.items.map(Components.Schemas.Entry.init)
        return .init(headers: .init(link: page.nextLink(shown.next)), body: .json(StreamedJSONBody.offer(entries, standIn: [])))
    }
}
