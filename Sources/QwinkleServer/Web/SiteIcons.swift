import Foundation
import Hummingbird

/// The icons browsers and phones ask for at the site's root, whatever the page links: `/favicon.ico` on every first
/// visit, and `/apple-touch-icon.png` (and its `-precomposed` name) when a page is added to a home screen. The pages
/// link the SVG icon and the web app manifest under `/static`; these are the same picture for those who ask by the
/// old names. They are a few kilobytes, read once at start.
struct SiteIcons: Sendable {
    /// A file served at the root: its bytes and type.
    struct Icon: Sendable {
        /// The file's bytes.
        let bytes: ByteBuffer
        /// Its media type.
        let contentType: String
    }

    /// The icons by path.
    let icons: [String: Icon]

    /// Reads the icons from the static folder; one that is missing is simply not served (404 as before).
    init(staticFolder: String) {
        let files: [(path: String, file: String, type: String)] = [
            ("/favicon.ico", "favicon.ico", "image/x-icon"),
            ("/apple-touch-icon.png", "apple-touch-icon.png", "image/png"),
            ("/apple-touch-icon-precomposed.png", "apple-touch-icon.png", "image/png"),
        ]
        var icons: [String: Icon] = [:]
        for (path, file, type) in files {
            guard let data = FileManager.default.contents(atPath: staticFolder + "/" + file) else { continue }
            icons[path] = Icon(bytes: ByteBuffer(bytes: data), contentType: type)
        }
        self.icons = icons
    }

    /// Serves each icon, cached for a day: an icon changes with a release, not between visits.
    func register(on router: Router<QwinkleRequestContext>) {
        for (path, icon) in icons {
            router.get(RouterPath(path)) { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: icon.contentType, .cacheControl: "public, max-age=86400"],
                    body: ResponseBody(byteBuffer: icon.bytes)
                )
            }
        }
    }
}
