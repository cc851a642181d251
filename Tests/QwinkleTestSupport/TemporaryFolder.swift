import Foundation

/// Runs `body` with a new, empty folder under the system's temporary folder, and removes it and everything in it
/// afterwards, whether `body` returned or threw.
public func withTemporaryFolder<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}
