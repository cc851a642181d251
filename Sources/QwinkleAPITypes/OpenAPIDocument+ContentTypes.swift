import Foundation

extension OpenAPIDocument {
    /// The media types each operation's request body may be sent as, by operation ID, in the document's order, read
    /// from the document so that a refusal names exactly what the contract takes.
    ///
    /// The document's layout is the project's own: an operation's `operationId` comes before its `requestBody`,
    /// both indented six spaces, and the body's media types are keys indented ten spaces under its `content`.
    package static func requestContentTypes(in text: String) -> [String: [String]] {
        var types: [String: [String]] = [:]
        var operation: String?
        var inBody = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            if indent <= 4 && !line.trimmingCharacters(in: .whitespaces).isEmpty {
                operation = nil  // a new method or path
                inBody = false
            } else if indent == 6 {
                inBody = line.hasPrefix("      requestBody:")
                if line.hasPrefix("      operationId: ") { operation = String(line.dropFirst("      operationId: ".count)) }
            } else if inBody, indent == 10, line.hasSuffix(":"), let operation {
                types[operation, default: []].append(String(line.dropFirst(10).dropLast()))
            }
        }
        return types
    }
}
