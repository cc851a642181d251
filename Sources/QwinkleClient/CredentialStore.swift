import Foundation
import QwinkleKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tokens this machine's user is signed in with, one per server, in `credentials.json` under the config
/// directory. The file is readable by its owner alone (mode 0600) from the moment it exists.
public struct CredentialStore: Sendable {
    /// One server's sign-in.
    public struct Credential: Hashable, Sendable, Codable {
        /// The account's username.
        public var username: String
        /// Its bearer token.
        public var token: String

        /// Describes a sign-in.
        public init(username: String, token: String) {
            self.username = username
            self.token = token
        }
    }

    /// The folder that holds the file (created with mode 0700 when first written).
    public let directory: URL

    /// Keeps credentials in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The file's location.
    public var fileURL: URL { directory.appendingPathComponent("credentials.json") }

    /// The sign-in for a server, if any.
    public func credential(for server: ServerAddress) throws -> Credential? {
        try load().servers[server.description]
    }

    /// Remembers (or, with `nil`, forgets) the sign-in for a server; other servers' are kept.
    public func setCredential(_ credential: Credential?, for server: ServerAddress) throws {
        var file = try load()
        file.servers[server.description] = credential
        try save(file)
    }

    private func load() throws -> CredentialsFile {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return CredentialsFile() }
        return try CredentialsFile(contentsOf: fileURL)
    }

    /// Writes a private temporary file and renames it over the old one, so the file is never half written
    /// and never readable by others, not even for a moment.
    private func save(_ file: CredentialsFile) throws {
        try XDGDirectories.create(directory)
        let data = try file.fileData()
        let temporary = directory.appendingPathComponent(".credentials-\(UUID().uuidString)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path]) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == data.count, synced == 0, rename(temporary.path, fileURL.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
    }
}

/// The credentials file's content: a versioned JSON file, keyed by server address.
struct CredentialsFile: VersionedJSONFormat, Equatable {
    static let formatName = "qwinkle.credentials"
    static let formatVersion = 1

    var servers: [String: CredentialStore.Credential] = [:]
}
