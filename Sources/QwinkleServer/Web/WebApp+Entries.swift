import Foundation
import Hummingbird
import Mustache
import QwinkleKit
import QwinkleServices

extension WebApp {
    /// An entry's own page.
    struct EntryContent: Sendable {
        let entry: EntryView
        /// The dream card's SVG, inline so the page's motion can move its layers.
        let cardSVG: String?
        let signedIn: Bool
    }

    func entryPage(_ id: String, visit: WebVisit) async throws -> Response {
        let viewer = try await services.accounts.viewer(for: visit.account)
        let shown = try await services.entries.entry(id: id, viewer: viewer)
        let view = EntryView(shown, viewer: visit.account)
        var svg: String?
        if shown.entry.dream != nil {
            let document = try await services.entries.card(id: id, viewer: viewer).svg()
            // Inline in HTML, the `<svg>` element is all that is needed; the XML declaration is for the file alone.
            svg = document.range(of: "<svg").map { String(document[$0.lowerBound...]) } ?? document
        }
        let content = EntryContent(entry: view, cardSVG: svg, signedIn: visit.account != nil)
        let title = "\(view.kindLabel) by \(view.author.name)"
        return render("entry", content, site: SiteView(title: title, visit: visit, section: nil, scripts: svg == nil ? [] : ["card.js"]))
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
