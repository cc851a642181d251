import QwinkleAPITypes

extension QwinkleError {
    /// A value in the server's answer that this client has no model for: it is newer, or the answer is wrong.
    init(_ mismatch: WireMismatch) {
        let field = mismatch.field.map { " (\($0))" } ?? ""
        self = .invalidResponse("\(mismatch.description)\(field) Is this client older than the server?")
    }
}

/// The models read from the server's answer by `convert`; a value the client does not know is an invalid response.
func understood<Value>(_ convert: () throws -> Value) throws(QwinkleError) -> Value {
    do { return try convert() } catch let mismatch as WireMismatch { throw QwinkleError(mismatch) } catch { throw .invalidResponse("\(error)") }
}

/// The request body made by `convert`; a model value the API has no spelling for means this client cannot send it.
func sendable<Body>(_ convert: () throws -> Body) throws(QwinkleError) -> Body {
    do { return try convert() } catch let mismatch as WireMismatch {
        throw .invalidResponse("The API has no \(mismatch.type) \"\(mismatch.value)\". Is this client newer than its API?")
    } catch { throw .invalidResponse("\(error)") }
}
