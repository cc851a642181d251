import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import QwinkleClient
import QwinkleMedia
import QwinkleTestSupport
import Synchronization
import Testing

/// A real Qwinkle server on a free port, with one signed-up person who has uploaded a large photo.
struct QwinkleDownloadServer: Sendable {
    let base: URL
    let token: String
    let photo: URL
    let photoSHA256: ContentHash
    let photoSize: Int64
    let client: any TestClientProtocol

    /// A token that the service sends to this server only.
    var authorization: DownloadAuthorization { DownloadAuthorization(bearerToken: token, server: base) }

    /// Runs `body` against a new server over a fresh SQLite file; its folder is removed afterwards.
    static func run(photoSize: Int = 2 * 1024 * 1024, _ body: @Sendable (QwinkleDownloadServer) async throws -> Void) async throws {
        try await TestServer.withTemporaryData { server in
            try await server.test(live: true) { client in
                let port = try #require(client.port)
                let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
                let signUp = try await client.execute(
                    uri: "/api/qwinkle/v1/accounts", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"username": "abe", "email": "abe@example.com", "password": "correct horse", "password_confirmation": "correct horse"}"#)
                )
                let token = try JSONDecoder().decode(SignedUp.self, from: Data(signUp.body.readableBytesView)).token
                let upload = try await client.execute(
                    uri: "/api/qwinkle/v1/photos", method: .post,
                    headers: [.contentType: "image/png", .authorization: "Bearer \(token)"],
                    body: ByteBuffer(bytes: TestPNG.make(size: photoSize))
                )
                #expect(upload.status == .created)
                let photo = try JSONDecoder().decode(Uploaded.self, from: Data(upload.body.readableBytesView))
                try await body(QwinkleDownloadServer(
                    base: base, token: token, photo: base.appendingPathComponent(photo.url),
                    photoSHA256: try #require(ContentHash(hex: photo.sha256)), photoSize: Int64(photo.byteSize), client: client
                ))
            }
        }
    }

    /// Posts a public dream and returns the URL of its card.
    func dreamCard() async throws -> URL {
        let response = try await client.execute(
            uri: "/api/qwinkle/v1/entries", method: .post,
            headers: [.contentType: "application/json", .authorization: "Bearer \(token)"],
            body: ByteBuffer(string: #"""
                {"kind": "dream", "body": "A shark with a laser", "visibility": "public", "photos": [],
                 "dream": {"creature": "shark", "effects": ["laser_focus"], "number_of_creatures": 2}}
                """#)
        )
        #expect(response.status == .created)
        let id = try JSONDecoder().decode(Posted.self, from: Data(response.body.readableBytesView)).id
        return base.appendingPathComponent("api/qwinkle/v1/entries/\(id)/card.svg")
    }

    private struct SignedUp: Decodable { var token: String }
    private struct Posted: Decodable { var id: String }

    private struct Uploaded: Decodable {
        var url: String
        var sha256: String
        var byteSize: Int

        enum CodingKeys: String, CodingKey {
            case url, sha256
            case byteSize = "byte_size"
        }
    }
}

/// A tiny server that is not Qwinkle's: it serves `payload` the way simpler servers do, and logs the `Range`
/// header of every request it gets.
struct PlainDownloadServer: Sendable {
    let base: URL
    let payload: [UInt8]
    let log: RequestLog

    /// The whole payload with no `Accept-Ranges` and no ETag.
    var plain: URL { base.appendingPathComponent("plain") }
    /// `Accept-Ranges: bytes` and an honest ETag, yet always the whole payload with 200.
    var ignoringRanges: URL { base.appendingPathComponent("ignoring-ranges") }
    /// An ETag naming the SHA-256 of other bytes.
    var wrongETag: URL { base.appendingPathComponent("wrong-etag") }

    static func run(size: Int = 1024 * 1024, _ body: @Sendable (PlainDownloadServer) async throws -> Void) async throws {
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let log = RequestLog()
        let honest = "\"\(SHA256.hash(data: payload).map { String(format: "%02x", $0) }.joined())\""
        let router = Router()
        router.get("plain") { request, _ in
            log.record(request)
            return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(bytes: payload)))
        }
        router.get("ignoring-ranges") { request, _ in
            log.record(request)
            return Response(status: .ok, headers: [.acceptRanges: "bytes", .eTag: honest], body: ResponseBody(byteBuffer: ByteBuffer(bytes: payload)))
        }
        router.get("wrong-etag") { request, _ in
            log.record(request)
            return Response(status: .ok, headers: [.eTag: "\"\(String(repeating: "ab", count: 32))\""], body: ResponseBody(byteBuffer: ByteBuffer(bytes: payload)))
        }
        var logger = Logger(label: "plain-download-server")
        logger.logLevel = .warning
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
            try await body(PlainDownloadServer(base: base, payload: payload, log: log))
        }
    }
}

/// The `Range` header of each request a test server got, in order (`nil` for none).
final class RequestLog: Sendable {
    private let ranges = Mutex<[String?]>([])

    func record(_ request: Request) {
        ranges.withLock { $0.append(request.headers[.range]) }
    }

    var rangeHeaders: [String?] { ranges.withLock { $0 } }
}

/// Real PNG files of about a chosen size, which the server's sanitizer keeps whole.
enum TestPNG {
    /// A greyscale image 1,024 pixels wide and as tall as makes about `size` bytes.
    static func make(size: Int) -> [UInt8] {
        let width = 1_024
        let height = max(1, size / (width + 1))
        let pixels = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 % width &* 7 &+ $0 / width &* 13) }
        return StoredPNG.image(width: width, height: height, colorType: .grey, pixels: pixels)
    }
}
