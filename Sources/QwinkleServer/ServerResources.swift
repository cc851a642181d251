import Mustache
import QwinkleAPITypes

/// What every application in this process reads from its resources the same way, read and parsed once: the
/// contract and what the middlewares take from it, and the web app's templates.
///
/// A process runs one server, but the tests run hundreds one after another, and parsing the templates and the
/// contract for each was a third of their time.
struct ServerResources: Sendable {
    /// The contract's text, as `/openapi.yaml` serves it.
    let document: String
    /// The media types each operation's body may be sent as, by operation ID.
    let requestContentTypes: [String: [String]]
    /// The operations that need a bearer token.
    let operationsRequiringToken: Set<String>
    /// The web app's templates.
    let templates: MustacheLibrary

    /// The resources, read on first use.
    static func shared() throws -> ServerResources {
        try loaded.get()
    }

    private static let loaded = Result { try ServerResources() }

    private init() throws {
        document = try OpenAPIDocument.text()
        requestContentTypes = OpenAPIDocument.requestContentTypes(in: document)
        operationsRequiringToken = OpenAPIDocument.operationsRequiringToken(in: document)
        templates = try WebTemplates.load()
    }
}
