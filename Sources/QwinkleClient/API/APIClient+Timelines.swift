import Foundation
import QwinkleAPITypes
import QwinkleKit

/// A list of entries the server keeps for you.
public enum Timeline: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Yours and the people you follow.
    case home
    /// Everyone's public entries.
    case everyone
    /// Your journal and the journals shared with you.
    case journal
    /// One person's entries, as far as you may see them.
    case account(String)
    /// The entries you marked.
    case marked
    /// The entries you bookmarked.
    case bookmarks
    /// The entries a person pinned to their profile that you may read, most recently pinned first.
    case pinned(String)
    /// The entries with a tag that you may read (the tag as typed, with or without `#`).
    case tag(String)

    /// A short name for the list, such as `home` or `@abe`.
    public var description: String {
        switch self {
        case .home: "home"
        case .everyone: "public"
        case .journal: "journal"
        case .account(let username): "@\(username)"
        case .marked: "marked"
        case .bookmarks: "bookmarks"
        case .pinned(let username): "@\(username)'s pins"
        case .tag(let tag): tag.hasPrefix("#") ? tag : "#\(tag)"
        }
    }
}

extension APIClient {
    /// A page of a timeline, newest first; `before` is the previous page's `nextCursor`.
    public func timeline(_ timeline: Timeline, limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<TimelineEntry> {
        let output: Components.Responses.EntryPage = try await call {
            switch timeline {
            case .home:
                guard case .ok(let page) = try await generated.getHomeTimeline(query: .init(limit: limit, maxId: before)) else { throw unexpected(0) }
                return page
            case .everyone:
                guard case .ok(let page) = try await generated.getPublicTimeline(query: .init(limit: limit, maxId: before)) else { throw unexpected(0) }
                return page
            case .journal:
                guard case .ok(let page) = try await generated.getJournalTimeline(query: .init(limit: limit, maxId: before)) else { throw unexpected(0) }
                return page
            case .account(let username):
                guard case .ok(let page) = try await generated.listAccountEntries(path: .init(username: username), query: .init(limit: limit, maxId: before)) else { throw unexpected(0) }
                return page
            case .marked:
                guard case .ok(let page) = try await generated.listMarks(query: .init(limit: limit, maxId: before)) else { throw unexpected(0) }
                return page
            case .bookmarks:
                guard case .ok(let page) = try await generated.listBookmarks(query: .init(limit: limit, maxId: before)) else { throw unexpected(0) }
                return page
            case .pinned(let username):
                guard case .ok(let page) = try await generated.listPinnedEntries(path: .init(username: username), query: .init(limit: limit, maxId: before))
                else { throw unexpected(0) }
                return page
            case .tag(let tag):
                let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
                guard case .ok(let page) = try await generated.getTagTimeline(path: .init(tag: name), query: .init(limit: limit, maxId: before)) else {
                    throw unexpected(0)
                }
                return page
            }
        }
        guard case .json(let entries) = output.body else { throw unexpected(200) }
        return Page(items: try entries.map { e throws(QwinkleError) in try understood { try e.model() } }, nextCursor: nextCursor(fromLink: output.headers.link))
    }
}
