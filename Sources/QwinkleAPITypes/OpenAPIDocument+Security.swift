extension OpenAPIDocument {
    /// The operations whose only security is a bearer token (`security: [{bearerAuth: []}]`), by operation ID, read
    /// from the document so the list cannot drift from it.
    ///
    /// The document's layout is the project's own: an operation's `operationId` comes before its `security`, both
    /// indented six spaces.
    package static func operationsRequiringToken(in text: String) -> Set<String> {
        var required: Set<String> = []
        var operation: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("    ") && !line.hasPrefix("     ") {
                operation = nil  // a new method or path
            } else if line.hasPrefix("      operationId: ") {
                operation = String(line.dropFirst("      operationId: ".count))
            } else if line == "      security: [{bearerAuth: []}]", let operation {
                required.insert(operation)
            }
        }
        return required
    }
}
