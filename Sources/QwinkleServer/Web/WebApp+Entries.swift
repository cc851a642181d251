import Foundation
import Hummingbird
import Mustache
import OpenAPIRuntime
import QwinkleKit

extension WebApp {
    /// An entry's own page.
    struct EntryContent: Sendable {
        let entry: EntryView
        /// The dream card's SVG, inline so the page's motion can move its layers.
        let cardSVG: String?
        let signedIn: Bool
    }

    func entryPage(_ id: String, visit: WebVisit) async throws -> Response {
        let entry = try await api.getEntry(.init(path: .init(id: id))).ok.body.json
        let view = EntryView(entry, viewer: visit.account)
        var svg: String?
        if entry.kind == .dream, case .ok(let card) = try await api.getDreamCard(.init(path: .init(id: id))) {
            let document = try await String(collecting: try card.body.imageSvgXml, upTo: 1 << 20)
            // Inline in HTML, the `<svg>` element is all that is needed; the XML declaration is for the file alone.
            svg = document.range(of: "<svg").map { String(document[$0.lowerBound...]) } ?? document
        }
        let content = EntryContent(entry: view, cardSVG: svg, signedIn: visit.account != nil)
        let title = "\(view.kindLabel) by \(view.author.name)"
        return render("entry", content, site: SiteView(title: title, visit: visit, section: nil, scripts: svg == nil ? [] : ["card.js"]))
    }

    /// One entry's `<article>`, as lists show it, for scripts that add entries to a list as they arrive.
    func entryArticle(_ id: String, visit: WebVisit) async throws -> Response {
        let entry = try await api.getEntry(.init(path: .init(id: id))).ok.body.json
        let html = templates.render(EntryView(entry, viewer: visit.account), withTemplate: "entry-article") ?? ""
        return Self.html(html)
    }

    func mark(_ id: String, marked: Bool, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(request, visit: visit)
        if marked {
            _ = try await api.markEntry(.init(path: .init(id: id))).ok
        } else {
            _ = try await api.unmarkEntry(.init(path: .init(id: id))).ok
        }
        return .redirect(to: "/entries/\(Self.pathEscaped(id))")
    }

    func delete(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(request, visit: visit)
        _ = try await api.deleteEntry(.init(path: .init(id: id))).noContent
        return .redirect(to: "/home")
    }
}
