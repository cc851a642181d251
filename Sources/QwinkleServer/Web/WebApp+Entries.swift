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
    }

    func entryPage(_ id: String, visit: WebVisit) async throws -> Response {
        let viewer = try await services.accounts.viewer(for: visit.account)
        let shown = try await services.entries.entry(id: id, viewer: viewer)
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
        let content = EntryPageContent(entry: view, cardSVG: svg, narrowCardSVG: narrowSVG, signedIn: visit.account != nil)
        let title = "\(view.kindLabel) by \(view.author.name)"
        return render("entry", content, site: SiteView(title: title, visit: visit, section: nil, scripts: svg == nil ? [] : ["card.js"]))
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

    func mark(_ id: String, marked: Bool, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        let account = try visit.signedInAccount()
        if marked {
            _ = try await services.entries.mark(id: id, by: account)
        } else {
            _ = try await services.entries.unmark(id: id, by: account)
        }
        return .redirect(to: "/entries/\(id.urlComponentEscaped)")
    }

    func delete(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        try await services.entries.delete(id: id, by: visit.signedInAccount())
        return .redirect(to: "/home")
    }
}
