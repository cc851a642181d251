import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import QwinkleClient
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
                    uri: "/api/v1/accounts", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"username": "abe", "email": "abe@example.com", "password": "correct horse", "password_confirmation": "correct horse"}"#)
                )
                let token = try JSONDecoder().decode(SignedUp.self, from: Data(signUp.body.readableBytesView)).token
                let upload = try await client.execute(
                    uri: "/api/v1/photos", method: .post,
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
            uri: "/api/v1/entries", method: .post,
            headers: [.contentType: "application/json", .authorization: "Bearer \(token)"],
            body: ByteBuffer(string: #"""
                {"kind": "dream", "body": "A shark with a laser", "visibility": "public", "photos": [],
                 "dream": {"creature": "shark", "effects": ["laser_focus"], "number_of_creatures": 2}}
                """#)
        )
        #expect(response.status == .created)
        let id = try JSONDecoder().decode(Posted.self, from: Data(response.body.readableBytesView)).id
        return base.appendingPathComponent("api/v1/entries/\(id)/card.svg")
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

/// Valid PNG files of a chosen size, padded with a private ancillary chunk that the server's sanitizer keeps.
enum TestPNG {
    /// A real PNG of about `size` bytes: a greyscale image 1,024 pixels wide, its rows stored uncompressed (zlib's
    /// stored blocks), so it survives the server's sanitizer whole and any decoder can read it.
    static func make(size: Int) -> [UInt8] {
        let width = 1_024
        let height = max(1, size / (width + 1))
        var pixels: [UInt8] = []
        pixels.reserveCapacity(height * (width + 1))
        for row in 0..<height {
            // Each row starts with its filter type, 0 (none).
            pixels.append(0)
            for column in 0..<width { pixels.append(UInt8(truncatingIfNeeded: column &* 7 &+ row &* 13)) }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, pixels.count - offset)
            let last: UInt8 = offset + length == pixels.count ? 1 : 0
            let header: [UInt8] = [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            zlib += header
            zlib += pixels[offset..<(offset + length)]
            offset += length
        } while offset < pixels.count
        zlib += bigEndian(adler32(pixels))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 0, 0, 0, 0])
            + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// PNG's CRC-32, here rather than QwinkleMedia's so this test target needs no dependency on it.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
}
