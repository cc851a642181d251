import Foundation

/// The contract itself, shipped in this module's resources, for the server to serve at `GET /openapi.yaml`.
package enum OpenAPIDocument {
    /// The document is not among the resources: the package was built wrongly.
    package struct Missing: Error, CustomStringConvertible {
        package var description: String { "openapi.yaml is missing from the QwinkleAPITypes resources" }
    }

    /// The document's text.
    package static func text() throws -> String {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else { throw Missing() }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
