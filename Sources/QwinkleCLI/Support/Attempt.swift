import QwinkleClient

/// Runs a request, turning the client's failure into the command's: the server's message, and exit code 1 or 3.
func attempt<Value>(_ work: () async throws(QwinkleError) -> Value) async throws(CommandFailure) -> Value {
    do {
        return try await work()
    } catch {
        throw CommandFailure(error)
    }
}
