import Foundation

/// Where photos' bytes are kept, by their SHA-256: a folder on disk for one server, the database when several
/// servers share it (a photo uploaded through one is downloaded through another).
public protocol PhotoBytesStore: Sendable {
    /// Keeps bytes under their SHA-256 (lowercase hex), durably before it returns; the same bytes twice are kept once.
    func storeBytes(_ bytes: [UInt8], sha256: String) async throws
    /// The bytes kept under a SHA-256, or `nil` if there are none.
    func bytes(sha256: String) async throws -> Data?
    /// Whether bytes are kept under a SHA-256, without reading them.
    func hasBytes(sha256: String) async throws -> Bool
    /// Removes the bytes kept under a SHA-256 and returns them (`nil` if there were none), so a caller that finds
    /// them needed after all can keep them again.
    func removeBytes(sha256: String) async throws -> Data?
}
