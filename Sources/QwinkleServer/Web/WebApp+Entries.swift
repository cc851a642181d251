import Crypto
import Foundation
import Hummingbird
import Mustache
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// An entry's own page.
    struct EntryPageContent: Sendable {
        let entry: EntryView
        /// The dream card's SVG, inline so the page's motion can move its layers.
        let cardSVG: String?
        /// The narrow card's SVG, which a phone's column shows instead.
        let narrowCardSVG: String?
        let signedIn: Bool
        /// The entries above it that the visitor may read, the thread's first one first.
        let ancestors: [EntryView]
        /// Whether there are any, so an empty list is not announced.
        let hasAncestors: Bool
        /// This page of its replies, in reply order.
        let replies: [ThreadReplyView]
        /// The next page of replies, if there are more.
        let moreRepliesURL: String?
        /// The stream that brings new, changed and removed entries of the thread.
        let stream: String
        /// The form answering it, for signed-in visitors.
        let replyForm: EntryFormView?
        /// The deepest indentation, for the page's script placing live replies.
        let maxIndent = WebApp.maxIndent
    }

    /// A reply on an entry's page, indented by how far below the entry it is.
    struct ThreadReplyView: Sendable {
        let entry: EntryView
        /// 1 for a direct reply, up to `maxIndent`: deeper replies stay there, so a long thread keeps its width.
        let indent: Int
    }

    /// The deepest indentation a thread's page shows; `thread.js` keeps to the same.
    static let maxIndent = 4

    /// `GET /entries/{id}[?after=cursor]`: the entry with its thread, a page of its replies at a time.
    func entryPage(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        let viewer = try await services.accounts.viewer(for: visit.account)
        let cursor = try request.uri.queryParameters.get("after").flatMap { try ThreadCursor.decoded(String($0), name: "after") }
        let thread = try await services.entries.thread(id: id, viewer: viewer, after: cursor, limit: EntryService.defaultThreadLimit)
        let shown = thread.thread.entry
        let view = EntryView(shown, viewer: visit.account)
        var svg: String?
        var narrowSVG: String?
        if shown.entry.dream != nil {
            let card = try await services.entries.card(id: id, viewer: viewer)
            // Inline in HTML, the `<svg>` element is all that is needed; the XML declaration is for the file alone.
            func element(_ document: String) -> String { document.range(of: "<svg").map { String(document[$0.lowerBound...]) } ?? document }
            svg = element(card.svg())
            narrowSVG = element(card.svg(shape: .narrow))
        }
        let content = EntryPageContent(
            entry: view, cardSVG: svg, narrowCardSVG: narrowSVG, signedIn: visit.account != nil,
            ancestors: thread.thread.ancestors.map { EntryView($0, viewer: visit.account) }, hasAncestors: !thread.thread.ancestors.isEmpty,
            replies: thread.thread.replies.map {
                ThreadReplyView(entry: EntryView($0.entry, viewer: visit.account), indent: min($0.depth, Self.maxIndent))
            },
            moreRepliesURL: thread.next.map { "/entries/\(shown.entry.id)?after=\($0.encoded)" },
            stream: "/live/thread/\(shown.entry.id)",
            replyForm: visit.account == nil ? nil : Self.replyForm(to: shown)
        )
        let title = "\(view.kindLabel) by \(view.author.name)"
        let scripts = (svg == nil ? [] : ["card.js"]) + ["thread.js"] + (visit.account == nil ? [] : ["compose.js"])
        return render("entry", content, site: SiteView(title: title, visit: visit, section: nil, scripts: scripts))
    }

    /// A dream card in a shape the API does not serve (the narrow one, for phones), with the API card's caching.
    func cardImage(_ id: String, shape: SVGCardShape, request: Request, visit: WebVisit) async throws -> Response {
        let card = try await services.entries.card(id: id, viewer: services.accounts.viewer(for: visit.account))
        let svg = card.svg(shape: shape)
        // The card is a pure function of the entry and the shape, so the hash of its bytes names it exactly.
        let etag = "\"\(SHA256.hash(data: Data(svg.utf8)).hexString)\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "private, no-cache"]
        if EntityTag.isCurrent(etag, ifNoneMatch: request.headers[.ifNoneMatch]) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "image/svg+xml"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
    }

    /// One entry's `<article>`, as lists show it, for scripts that add entries to a list as they arrive.
    func entryArticle(_ id: String, visit: WebVisit) async throws -> Response {
        let shown = try await services.entries.entry(id: id, viewer: services.accounts.viewer(for: visit.account))
        guard let html = templates.render(EntryView(shown, viewer: visit.account), withTemplate: "entry-article") else {
            throw TemplateMissing(name: "entry-article")
        }
        return Self.html(html)
    }

    /// A reaction's form (Mark, Bookmark, Share and their opposites): done, and back to the entry's page.
    func react(_ reaction: EntryService.Reaction, to id: String, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        _ = try await services.entries.react(reaction, to: id, by: visit.signedInAccount())
        return .redirect(to: "/entries/\(id.urlComponentEscaped)")
    }

    func delete(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        try await services.entries.delete(id: id, by: visit.signedInAccount())
        return .redirect(to: "/home")
    }
}
