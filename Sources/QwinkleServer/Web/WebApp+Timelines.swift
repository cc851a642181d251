import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// The lists of entries the web app shows.
    enum Timeline: Sendable, Equatable {
        /// The public timeline with a welcome, for visitors who are not signed in.
        case welcome
        case home
        case `public`
        case journal
        case marked
        case bookmarks
        /// The entries with a tag, by its normalized name.
        case tag(String)

        var path: String {
            switch self {
            case .welcome: "/"
            case .home: "/home"
            case .public: "/public"
            case .journal: "/journal"
            case .marked: "/marked"
            case .bookmarks: "/bookmarks"
            case .tag(let tag): HTML.tagPath(tag)
            }
        }

        var title: String {
            switch self {
            case .welcome: "Welcome"
            case .home: "Home"
            case .public: "Public"
            case .journal: "Journal"
            case .marked: "Marked"
            case .bookmarks: "Bookmarks"
            case .tag(let tag): "#\(tag)"
            }
        }

        /// The server-sent events stream that brings new and changed entries to this list, as articles, if any.
        var stream: String? {
            switch self {
            case .welcome, .public: "/live/public"
            case .home: "/live/home"
            case .journal: "/live/journal"
            case .marked, .bookmarks, .tag: nil
            }
        }

        /// The entries this list shows, for its viewer.
        func scope(visit: WebVisit) throws -> EntryScope {
            switch self {
            case .welcome, .public: .everyonePublic
            case .home: .home(viewer: try visit.signedInAccount().id)
            case .journal: .journal(viewer: try visit.signedInAccount().id)
            case .marked: .marked(by: try visit.signedInAccount().id)
            case .bookmarks: .bookmarked(by: try visit.signedInAccount().id)
            case .tag(let tag): .tag(tag)
            }
        }

        var emptyText: String {
            switch self {
            case .welcome, .public: "Nobody has posted anything public yet."
            case .home: "Nothing here yet. Post something, or follow people from the public timeline."
            case .journal: "Your journal is empty. Write a journal entry, or ask someone to share theirs with you."
            case .marked: "You have not marked any entries yet."
            case .bookmarks: "You have not bookmarked any entries yet. Bookmark one from its page to find it here again."
            case .tag(let tag): "Nothing you can see is tagged #\(tag) yet."
            }
        }
    }

    /// A page of entries.
    struct TimelineContent: Sendable {
        let heading: String
        let welcome: Bool
        let entries: [EntryView]
        let nextURL: String?
        let stream: String?
        let emptyText: String
        let isJournal: Bool
    }

    func timeline(_ timeline: Timeline, request: Request, visit: WebVisit) async throws -> Response {
        try await timelinePage(timeline, maxID: request.uri.queryParameters.get("max_id"), visit: visit)
    }

    /// `GET /tags/{tag}`: a tag's entries, the tag typed with or without `#` in any case; one that cannot be a tag is
    /// the error page, as the API refuses it.
    func tagPage(_ text: String, request: Request, visit: WebVisit) async throws -> Response {
        try await timeline(.tag(TimelineService.tag(text)), request: request, visit: visit)
    }

    func timelinePage(_ timeline: Timeline, maxID: String?, visit: WebVisit) async throws -> Response {
        let page = try await timelineEntries(timeline, maxID: maxID, visit: visit)
        let content = TimelineContent(
            heading: timeline.title, welcome: timeline == .welcome,
            entries: page.items.map { EntryView($0, viewer: visit.account) },
            nextURL: page.next.map { "\(timeline == .welcome ? "/public" : timeline.path)?max_id=\($0)" },
            stream: timeline.stream, emptyText: timeline.emptyText, isJournal: timeline == .journal
        )
        let site = SiteView(title: timeline.title, visit: visit, section: timeline.path, scripts: ["live.js"])
        return render("timeline", content, site: site)
    }

    private func timelineEntries(_ timeline: Timeline, maxID: String?, visit: WebVisit) async throws -> ListPage<TimelineEntry> {
        let scope = try timeline.scope(visit: visit)
        let page = try TimelineService.pageRequest(limit: nil, maxID: maxID, sinceID: nil)
        return try await services.timelines.page(scope, page: page, viewer: services.accounts.viewer(for: visit.account))
    }
}
