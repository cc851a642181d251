import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import QwinkleTestSupport
import Testing

/// A response with its body parsed as JSON (null when it is not JSON).
struct APIResponse: Sendable {
    /// The status.
    let status: HTTPResponse.Status
    /// The headers.
    let headers: HTTPFields
    /// The whole body.
    let bytes: [UInt8]
    /// The body parsed as JSON.
    var json: JSON { (try? JSON(data: Data(bytes))) ?? .null }

    /// The `error.code` of an error response.
    var errorCode: String? { json["error"]["code"].string }
    /// The messages for one field of a 422.
    func fieldErrors(_ field: String) -> [String] { json["error"]["fields"][field].array.compactMap(\.string) }
}

/// A signed-up test user.
struct User: Sendable {
    /// The account's ID.
    let id: String
    /// The username it signed up with.
    let username: String
    /// Its bearer token.
    let token: String
}

/// Sends requests as a client would.
struct APIClient: Sendable {
    /// The HummingbirdTesting client of the server: through its router, or over a socket when it runs live.
    let client: any TestClientProtocol

    /// Sends one request: `json` or `body` with its content type, and `token` as a bearer token.
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
        PhaseWatch.current?.enter("\(method) \(path)")
        let response = try await client.execute(uri: path, method: method, headers: fields, body: buffer)
        PhaseWatch.current?.enter("the test's body, after \(method) \(path)")
        return APIResponse(status: response.status, headers: response.headers, bytes: Array(buffer: response.body))
    }

    /// `GET path`.
    func get(_ path: String, token: String? = nil) async throws -> APIResponse {
        try await request(.get, path, token: token)
    }

    /// Signs up `username` with a valid password and returns its token.
    func signUp(_ username: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> User {
        let response = try await request(.post, "/api/qwinkle/v1/accounts", json: """
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
        return try await request(.post, "/api/qwinkle/v1/entries", token: user.token, json: """
            {"kind": "\(kind)", "body": \(Self.quoted(body)), "visibility": "\(visibility)", "photos": [\(photoList)]\(dreamField)}
            """, headers: headers)
    }

    /// Uploads a photo and returns its ID.
    func upload(_ bytes: [UInt8] = TestImages.png, as user: User, contentType: String = "image/png", sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let response = try await request(.post, "/api/qwinkle/v1/photos", token: user.token, body: bytes, contentType: contentType)
        #expect(response.status == .created, "\(response.json)", sourceLocation: sourceLocation)
        return try #require(response.json["id"].string, sourceLocation: sourceLocation)
    }

    /// `user` follows `other`.
    func follow(_ other: User, by user: User) async throws {
        let response = try await request(.post, "/api/qwinkle/v1/accounts/\(other.username)/follow", token: user.token)
        #expect(response.status == .ok)
    }

    /// `owner` shares the journal with `reader`.
    func shareJournal(of owner: User, with reader: User) async throws {
        let response = try await request(.post, "/api/qwinkle/v1/journal/readers", token: owner.token, json: #"{"username": "\#(reader.username)"}"#)
        #expect(response.status == .ok)
    }

    /// A JSON string literal for `text`.
    static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
