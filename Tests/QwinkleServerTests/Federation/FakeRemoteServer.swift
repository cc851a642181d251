import CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import QwinkleFederation
import QwinkleTestSupport
import Synchronization

/// Another server, on loopback, as a test of federation needs one: it serves one actor (`zed`, with a key pair the
/// test holds) and records every request to its inboxes, as a remote server that Qwinkle follows or delivers to.
final class FakeRemoteServer: Sendable {
    /// A request an inbox received.
    struct Received: Sendable {
        var path: String
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        /// The body as JSON.
        var json: JSON { (try? JSON(data: Data(body))) ?? .null }
        /// The body as text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One key for every fake server of the process: making an RSA key takes long in a debug build, and each test
    /// runs a server of its own.
    private static let sharedKey = Result { try _RSA.Signing.PrivateKey(keySize: .bits2048) }

    /// `http://127.0.0.1:PORT`.
    let base: String
    /// The actor's private key, for signing in its name.
    let key: _RSA.Signing.PrivateKey
    private let received = Mutex<[Received]>([])
    /// While true, the inboxes answer 503 and keep nothing, as a server that is down behind its proxy.
    let isDown = Mutex(false)
    /// The notes it serves at `/users/zed/statuses/ID`, as JSON, by ID.
    let notes = Mutex<[String: String]>([:])
    /// Other documents it serves at `/files/NAME`, as JSON, by name: whatever a server's people may upload there.
    let files = Mutex<[String: String]>([:])
    /// The media files it serves at `/media/NAME`, as bytes with their type, by name: its people's photos and videos.
    let media = Mutex<[String: (type: String, bytes: [UInt8])]>([:])
    /// The paths of the GET requests it answered, in order: what Qwinkle looked up there.
    private let fetched = Mutex<[String]>([])

    /// The paths Qwinkle fetched so far (WebFinger, the actor, notes and media it serves), in order.
    var fetchedPaths: [String] { fetched.withLock { $0 } }

    private init(base: String, key: _RSA.Signing.PrivateKey) {
        self.base = base
        self.key = key
    }

    /// The actor's URL.
    var actor: String { base + "/users/zed" }

    /// What the inboxes received so far, in order.
    var inboxRequests: [Received] { received.withLock { $0 } }

    /// Runs `body` with a fake server listening on a free loopback port; stops it afterwards.
    /// Each inbox request is answered after `inboxDelay`, as a busy server's would be.
    static func run<Value: Sendable>(inboxDelay: Duration = .zero, _ body: @Sendable (FakeRemoteServer) async throws -> Value) async throws -> Value {
        let key = try sharedKey.get()
        let (started, continuation) = AsyncStream<String>.makeStream()
        let box = Mutex<FakeRemoteServer?>(nil)
        let router = Router()
        router.get("/users/zed") { _, _ in
            guard let server = box.withLock({ $0 }) else { throw HTTPError(.serviceUnavailable) }
            server.fetched.withLock { $0.append("/users/zed") }
            let actor = server.actor
            let document: [String: Any] = [
                "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"], "id": actor, "type": "Person",
                "preferredUsername": "zed", "inbox": actor + "/inbox", "outbox": actor + "/outbox",
                "endpoints": ["sharedInbox": server.base + "/inbox"],
                "publicKey": ["id": actor + "#main-key", "owner": actor, "publicKeyPem": key.publicKey.pemRepresentation],
            ]
            return Response(
                status: .ok, headers: [.contentType: "application/activity+json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: document)))
            )
        }
        router.get("/files/:name") { _, context in
            guard let name = context.parameters.get("name"), let file = box.withLock({ $0 })?.files.withLock({ $0[name] }) else {
                throw HTTPError(.notFound)
            }
            return Response(
                status: .ok, headers: [.contentType: "application/activity+json"], body: ResponseBody(byteBuffer: ByteBuffer(string: file))
            )
        }
        router.get("/media/:name") { _, context in
            guard let name = context.parameters.get("name"), let server = box.withLock({ $0 }), let file = server.media.withLock({ $0[name] }) else {
                throw HTTPError(.notFound)
            }
            server.fetched.withLock { $0.append("/media/\(name)") }
            return Response(status: .ok, headers: [.contentType: file.type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
        }
        router.get("/users/zed/statuses/:id") { _, context in
            guard let id = context.parameters.get("id"), let server = box.withLock({ $0 }), let note = server.notes.withLock({ $0[id] }) else {
                throw HTTPError(.notFound)
            }
            server.fetched.withLock { $0.append("/users/zed/statuses/\(id)") }
            return Response(
                status: .ok, headers: [.contentType: "application/activity+json"], body: ResponseBody(byteBuffer: ByteBuffer(string: note))
            )
        }
        // WebFinger for its one person, so that Qwinkle's people can find zed by handle.
        router.get("/.well-known/webfinger") { request, _ in
            guard let server = box.withLock({ $0 }) else { throw HTTPError(.serviceUnavailable) }
            server.fetched.withLock { $0.append("/.well-known/webfinger") }
            let host = String(server.base.dropFirst("http://".count))
            guard request.uri.queryParameters.get("resource") == "acct:zed@\(host)" else { throw HTTPError(.notFound) }
            let document: [String: Any] = [
                "subject": "acct:zed@\(host)", "links": [["rel": "self", "type": "application/activity+json", "href": server.actor]],
            ]
            return Response(
                status: .ok, headers: [.contentType: "application/jrd+json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: document)))
            )
        }
        for path in ["/inbox", "/users/zed/inbox"] {
            router.post(RouterPath(path)) { request, _ in
                let body = try await request.body.collect(upTo: 1 << 20)
                if inboxDelay > .zero { try await Task.sleep(for: inboxDelay) }
                if box.withLock({ $0 })?.isDown.withLock({ $0 }) == true { return Response(status: .serviceUnavailable) }
                var headers = request.headers.map { (name: $0.name.canonicalName, value: $0.value) }
                if let authority = request.head.authority { headers.append((name: "host", value: authority)) }
                box.withLock { $0 }?.received.withLock { $0.append(Received(path: path, headers: headers, body: Array(buffer: body))) }
                return Response(status: .accepted)
            }
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield("http://127.0.0.1:\(channel.localAddress?.port ?? 0)") },
            logger: { var logger = Logger(label: "fake-remote"); logger.logLevel = .critical; return logger }()
        )
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var iterator = started.makeAsyncIterator()
            guard let base = await iterator.next() else { throw HTTPError(.internalServerError) }
            let server = FakeRemoteServer(base: base, key: key)
            box.withLock { $0 = server }
            defer { group.cancelAll() }
            return try await body(server)
        }
    }

    /// Waits up to `seconds` until the inboxes received `count` requests, then returns them all.
    func waitForInbox(count: Int, seconds: Double = 15) async throws -> [Received] {
        let deadline = Date().addingTimeInterval(seconds)
        while inboxRequests.count < count, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        return inboxRequests
    }

    /// The headers to sign and send with `activity` to `path` at `host`, signed as zed (or with `key`, named `keyID`).
    func signedHeaders(
        for activity: String, path: String, host: String = "qwinkle.example", keyID: String? = nil, key: _RSA.Signing.PrivateKey? = nil
    ) throws -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in try signedHeaderList(for: activity, path: path, host: host, keyID: keyID, key: key) {
            guard let field = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: field, value: value))
        }
        return fields
    }

    /// The same headers as a list, for a client that sets its own `Host` (which is left out).
    func signedHeaderList(
        for activity: String, path: String, host: String, keyID: String? = nil, key: _RSA.Signing.PrivateKey? = nil
    ) throws -> [(String, String)] {
        let body = Array(activity.utf8)
        let headers: [(name: String, value: String)] = [("host", host), ("date", HTTPDate.string(from: Date())), ("digest", BodyDigest.header(for: body))]
        let signer = try ActorSigningKey(keyID: keyID ?? actor + "#main-key", privateKeyPEM: (key ?? self.key).pkcs8PEMRepresentation)
        let signature = try signer.sign(SignedRequest(method: "POST", target: path, headers: headers), over: ["(request-target)", "host", "date", "digest"])
        return headers.map { ($0.name, $0.value) } + [("signature", signature)]
    }

    /// Headers for a GET of `path` asking for ActivityPub, signed by zed over `(request-target) host date accept`, as
    /// servers sign their fetches.
    func signedFetchHeaders(path: String, host: String = "qwinkle.example") throws -> HTTPFields {
        let headers: [(name: String, value: String)] = [
            ("host", host), ("date", HTTPDate.string(from: Date())), ("accept", "application/activity+json"),
        ]
        let signer = try ActorSigningKey(keyID: actor + "#main-key", privateKeyPEM: key.pkcs8PEMRepresentation)
        let signature = try signer.sign(SignedRequest(method: "GET", target: path, headers: headers), over: ["(request-target)", "host", "date", "accept"])
        var fields = HTTPFields()
        for (name, value) in headers + [("signature", signature)] {
            guard let field = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: field, value: value))
        }
        return fields
    }
}
