import Foundation
import Hummingbird
import Logging
import Mustache
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import Testing

@testable import QwinkleServer

/// A page whose template cannot be rendered is the server's fault: a 500 with the error page, never an empty 200.
@Suite struct WebRenderFailureTests {
    /// The web app over fresh services, with the given templates.
    private static func web(templates: MustacheLibrary, folder: URL) throws -> WebApp {
        let storage = try SQLiteStorage(path: folder.appendingPathComponent("qwinkle.sqlite").path)
        let services = Services(
            context: ServiceContext(storage: storage, clock: ServiceClock(), events: InProcessEntryEventBus()),
            passwords: PasswordHasher(cost: 4), photoBytes: try PhotoFiles(dataDirectory: folder)
        )
        return WebApp(
            services: services, configuration: ServerConfiguration(dataDirectory: folder), templates: templates,
            logger: Logger(label: "qwinkle.tests")
        )
    }

    private static let visit = WebVisit(
        target: "/", token: nil, account: nil, nonce: "nonce", isNewNonce: false, clearsSession: false, isSecure: false
    )

    @Test func missingTemplateIsA500WithTheErrorPage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let web = try Self.web(templates: try WebTemplates.load(), folder: folder)
        let response = web.render("no-such-page", ["title": "x"], site: SiteView(title: "Home", visit: Self.visit, section: nil))
        #expect(response.status == .internalServerError)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")

        // Even without the error page's own template, the answer is a 500 that says so.
        let bare = try Self.web(templates: MustacheLibrary(), folder: folder)
        let plain = bare.render("timeline", ["title": "x"], site: SiteView(title: "Home", visit: Self.visit, section: nil))
        #expect(plain.status == .internalServerError)
        #expect(plain.headers[.contentType] == "text/plain; charset=utf-8")
    }
}
