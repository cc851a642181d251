import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// The icons a browser or phone asks for by name, and the ones the pages link.
@Suite struct SiteIconTests {
    @Test("/favicon.ico and the touch icons are real images, so a page load no longer meets a 404")
    func rootIcons() async throws {
        try await TestServer.run { api in
            let favicon = try await api.get("/favicon.ico")
            #expect(favicon.status == .ok)
            #expect(favicon.headers[.contentType] == "image/x-icon")
            #expect(favicon.bytes.starts(with: [0, 0, 1, 0]), "an ICO header")
            #expect(favicon.headers[.cacheControl] == "public, max-age=86400")
            for path in ["/apple-touch-icon.png", "/apple-touch-icon-precomposed.png", "/static/icon-192.png", "/static/icon-512.png"] {
                let icon = try await api.get(path)
                #expect(icon.status == .ok, "\(path)")
                #expect(icon.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(path) is a PNG")
            }
            #expect(try await api.request(.head, "/favicon.ico").status == .ok)
        }
    }

    @Test("Every page links the SVG icon, the favicon and the manifest, and the manifest names icons that are served")
    func pagesLinkTheIcons() async throws {
        try await TestServer.run { api in
            let page = String(decoding: try await api.get("/").bytes, as: UTF8.self)
            #expect(page.contains(#"<link rel="icon" href="/static/icon.svg" type="image/svg+xml">"#))
            #expect(page.contains(#"<link rel="manifest" href="/static/manifest.webmanifest">"#))
            #expect(page.contains(#"<link rel="apple-touch-icon" href="/apple-touch-icon.png">"#))
            let manifest = try await api.get("/static/manifest.webmanifest")
            #expect(manifest.status == .ok)
            let icons = manifest.json["icons"].array
            #expect(icons.count == 3)
            for icon in icons {
                let source = try #require(icon["src"].string)
                #expect(try await api.get(source).status == .ok, "\(source)")
            }
            let svg = try await api.get("/static/icon.svg")
            #expect(svg.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
        }
    }
}
