import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import QwinkleServer
import QwinkleStorageSQLite
import Testing

/// A Qwinkle server over a fresh SQLite file, driven through the real router.
enum TestServer {
    /// Runs `body` against a new server; its data folder is removed afterwards.
    ///
    /// `live` serves it on a free port of this machine instead of through the router alone, for the tests that
    /// read event streams as they arrive (`APIClient.stream`); `streamHeartbeat` is the server's.
    static func run(
        maxPhotoBytes: Int = 10 * 1024 * 1024,
        live: Bool = false,
        streamHeartbeat: Duration = .seconds(15),
        clock: @escaping @Sendable () -> Date = { Date() },
        _ body: @Sendable (APIClient) async throws -> Void
    ) async throws {
        try await withStorage { folder, storage in
            let app = try makeApplication(
                folder: folder, storage: storage, maxPhotoBytes: maxPhotoBytes, streamHeartbeat: streamHeartbeat, clock: clock
            )
            try await app.test(live ? .live : .router) { client in
                try await body(APIClient(client: client))
            }
        }
    }

    /// Runs `body` with a SQLite storage in a new data folder, removed afterwards.
    static func withStorage(_ body: (URL, SQLiteStorage) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-server-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder, try SQLiteStorage(path: folder.appendingPathComponent("qwinkle.sqlite").path))
    }

    /// The server the tests run: bcrypt's lowest cost keeps them fast; the server's default stays 12.
    static func makeApplication(
        folder: URL, storage: SQLiteStorage, maxPhotoBytes: Int = 10 * 1024 * 1024, streamHeartbeat: Duration = .seconds(15),
        onServerRunning: @escaping @Sendable (String) async -> Void = { _ in }, clock: @escaping @Sendable () -> Date = { Date() }
    ) throws -> some ApplicationProtocol {
        let configuration = ServerConfiguration(
            port: 0, dataDirectory: folder, bcryptCost: 4, maxPhotoBytes: maxPhotoBytes, streamHeartbeat: streamHeartbeat, clock: clock
        )
        return try buildApplication(configuration: configuration, storage: storage, logger: logger, onServerRunning: onServerRunning)
    }

    /// Warnings and worse only, so a test's output shows what matters.
    static var logger: Logger {
        var logger = Logger(label: "qwinkle-tests")
        logger.logLevel = .warning
        return logger
    }
}

/// A response with its body parsed as JSON (null when it is not JSON).
struct APIResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let bytes: [UInt8]
    var json: JSON { (try? JSON(data: Data(bytes))) ?? .null }

    /// The `error.code` of an error response.
    var errorCode: String? { json["error"]["code"].string }
    /// The messages for one field of a 422.
    func fieldErrors(_ field: String) -> [String] { json["error"]["fields"][field].array.compactMap(\.string) }
}

/// A signed-up test user.
struct User: Sendable {
    let id: String
    let username: String
    let token: String
}

/// Sends requests as a client would.
struct APIClient: Sendable {
    let client: any TestClientProtocol

    func request(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: String? = nil,
        body: [UInt8]? = nil, contentType: String? = nil, headers: HTTPFields = [:]
    ) async throws -> APIResponse {
        var fields = headers
        if let token { fields[.authorization] = "Bearer \(token)" }
        var buffer: ByteBuffer?
        if let json {
            fields[.contentType] = contentType ?? "application/json"
            buffer = ByteBuffer(string: json)
        } else if let body {
            fields[.contentType] = contentType ?? "application/octet-stream"
            buffer = ByteBuffer(bytes: body)
        }
        let response = try await client.execute(uri: path, method: method, headers: fields, body: buffer)
        return APIResponse(status: response.status, headers: response.headers, bytes: Array(buffer: response.body))
    }

    func get(_ path: String, token: String? = nil) async throws -> APIResponse {
        try await request(.get, path, token: token)
    }

    /// Signs up `username` with a valid password and returns its token.
    func signUp(_ username: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> User {
        let response = try await request(.post, "/api/v1/accounts", json: """
            {"username": "\(username)", "email": "\(username)@example.com", "password": "correct horse", "password_confirmation": "correct horse"}
            """)
        #expect(response.status == .created, sourceLocation: sourceLocation)
        let id = try #require(response.json["account"]["id"].string, sourceLocation: sourceLocation)
        let token = try #require(response.json["token"].string, sourceLocation: sourceLocation)
        return User(id: id, username: username, token: token)
    }

    /// Posts an entry and returns its JSON; fails the test unless it is created.
    @discardableResult
    func post(
        _ body: String, as user: User, visibility: String = "public", kind: String = "update", photos: [String] = [],
        dream: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> JSON {
        let response = try await postEntry(body, as: user, visibility: visibility, kind: kind, photos: photos, dream: dream)
        #expect(response.status == .created, "\(response.json)", sourceLocation: sourceLocation)
        return response.json
    }

    /// Posts an entry and returns the response, whatever it is.
    func postEntry(
        _ body: String, as user: User, visibility: String = "public", kind: String = "update", photos: [String] = [],
        dream: String? = nil, idempotencyKey: String? = nil
    ) async throws -> APIResponse {
        let photoList = photos.map { #"{"id": "\#($0)", "alt": "a photo"}"# }.joined(separator: ",")
        let dreamField = dream.map { #", "dream": \#($0)"# } ?? ""
        var headers: HTTPFields = [:]
        if let idempotencyKey { headers[HTTPField.Name("Idempotency-Key")!] = idempotencyKey }
        return try await request(.post, "/api/v1/entries", token: user.token, json: """
            {"kind": "\(kind)", "body": \(Self.quoted(body)), "visibility": "\(visibility)", "photos": [\(photoList)]\(dreamField)}
            """, headers: headers)
    }

    /// Uploads a photo and returns its ID.
    func upload(_ bytes: [UInt8] = TestImages.png, as user: User, contentType: String = "image/png", sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let response = try await request(.post, "/api/v1/photos", token: user.token, body: bytes, contentType: contentType)
        #expect(response.status == .created, "\(response.json)", sourceLocation: sourceLocation)
        return try #require(response.json["id"].string, sourceLocation: sourceLocation)
    }

    /// `user` follows `other`.
    func follow(_ other: User, by user: User) async throws {
        let response = try await request(.post, "/api/v1/accounts/\(other.username)/follow", token: user.token)
        #expect(response.status == .ok)
    }

    /// `owner` shares the journal with `reader`.
    func shareJournal(of owner: User, with reader: User) async throws {
        let response = try await request(.post, "/api/v1/journal/readers", token: owner.token, json: #"{"username": "\#(reader.username)"}"#)
        #expect(response.status == .ok)
    }

    /// A JSON string literal for `text`.
    static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
