import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import QwinkleKit
import QwinkleServices
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fetches ActivityPub documents from other servers, within limits: http or https only, no redirects, ten seconds,
/// a megabyte, and never from an address that is not on the public internet (this machine, a private network,
/// link-local…), so that a remote server cannot make Qwinkle fetch from inside its own network. Tests on one
/// machine allow private addresses, and nothing else may.
public struct RemoteFetcher: Sendable {
    /// Whether loopback and private addresses may be fetched from: for tests of two servers on one machine only.
    public let allowsPrivateAddresses: Bool

    /// The most a document may weigh.
    static let maxBytes = 1 << 20
    /// How long a fetch or a delivery may take, from connecting to the last byte.
    static let timeout = TimeAmount.seconds(10)
    /// `timeout`, in seconds.
    static let timeLimit: TimeInterval = 10

    /// One client for every fetch: redirects are not followed, since each would need the address check again.
    private static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10)))
    )

    /// A fetcher; `allowsPrivateAddresses` for tests only.
    public init(allowsPrivateAddresses: Bool = false) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
    }

    /// The JSON object at `url`, asked for as ActivityPub; signed by `signer` when given, as servers that refuse
    /// unsigned fetches (Mastodon's secure mode, GoToSocial, bovine) require.
    public func document(at url: String, signedBy signer: ActorSigningKey? = nil) async throws(RemoteFetchFailure) -> [String: Any] {
        let bytes = try await get(
            url, accept: #"application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams""#, signedBy: signer,
            maxBytes: Self.maxBytes
        )
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw .failed("\(url) is not a JSON object")
        }
        return object
    }

    /// The picture at `url` (a person's avatar), at most `maxBytes`, under the same rules as a document: what it is
    /// is for the photo sanitizer to judge by its bytes.
    public func picture(at url: String, maxBytes: Int) async throws(RemoteFetchFailure) -> [UInt8] {
        try await get(url, accept: "image/*", signedBy: nil, maxBytes: maxBytes)
    }

    /// The body of a GET of `url` that answered 200, within the limits.
    private func get(_ url: String, accept: String, signedBy signer: ActorSigningKey?, maxBytes: Int) async throws(RemoteFetchFailure) -> [UInt8] {
        let target = try await checked(url)
        var request = HTTPClientRequest(url: url)
        var headers: [(name: String, value: String)] = [("host", target.authority), ("date", HTTPDate.string(from: Date())), ("accept", accept)]
        if let signer {
            headers.append(("signature", try Self.signature(of: "GET", target.path, headers, by: signer, over: ["(request-target)", "host", "date", "accept"])))
        }
        for (name, value) in headers where name != "host" { request.headers.add(name: name, value: value) }
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        do {
            let response = try await Self.client.execute(request, timeout: Self.timeout)
            guard response.status == .ok else { throw RemoteFetchFailure.failed("\(url) answered \(response.status.code)") }
            return Array(try await response.body.collect(upTo: maxBytes).readableBytesView)
        } catch let failure as RemoteFetchFailure {
            throw failure
        } catch {
            throw .failed("\(url) could not be fetched: \(error)")
        }
    }

    /// Delivers `activity` to the inbox at `url`, signed by `signer` over its target, host, date and digest; throws
    /// unless the inbox took it (any 2xx). A `.refused` failure will not change by trying again.
    public func deliver(_ activity: [UInt8], to url: String, signedBy signer: ActorSigningKey) async throws(RemoteFetchFailure) {
        let target = try await checked(url)
        var headers: [(name: String, value: String)] = [
            ("host", target.authority), ("date", HTTPDate.string(from: Date())), ("digest", BodyDigest.header(for: activity)),
            ("content-type", #"application/activity+json"#),
        ]
        headers.append(("signature", try Self.signature(of: "POST", target.path, headers, by: signer, over: ["(request-target)", "host", "date", "digest", "content-type"])))
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in headers where name != "host" { request.headers.add(name: name, value: value) }
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        request.body = .bytes(ByteBuffer(bytes: activity))
        let status: HTTPResponseStatus
        do {
            let response = try await Self.client.execute(request, timeout: Self.timeout)
            status = response.status
            // The answer's body is not needed, but is read (a little of it) so the connection can be used again.
            _ = try? await response.body.collect(upTo: 64 * 1024)
        } catch {
            throw .failed("\(url) could not be reached: \(error)")
        }
        switch status.code {
        case 200..<300: return
        // The inbox says the activity itself is wrong, or it is gone: sending it again would be refused again.
        case 400, 401, 403, 404, 405, 410, 413, 422: throw .refused("\(url) answered \(status.code)")
        default: throw .failed("\(url) answered \(status.code)")
        }
    }

    static let userAgent = "Qwinkle/\(QwinkleVersion.current)"

    /// The `Signature` header of a request to `path` with `headers`.
    private static func signature(
        of method: String, _ path: String, _ headers: [(name: String, value: String)], by signer: ActorSigningKey, over names: [String]
    ) throws(RemoteFetchFailure) -> String {
        do {
            return try signer.sign(SignedRequest(method: method, target: path, headers: headers), over: names)
        } catch {
            throw .refused("the request could not be signed: \(error)")
        }
    }

    /// A URL's authority (the `Host` header) and path with query, once its scheme is http(s) and its host may be
    /// reached.
    private func checked(_ url: String) async throws(RemoteFetchFailure) -> (authority: String, path: String) {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = parsed.host, !host.isEmpty
        else { throw .refused("\(url) is not an http or https URL") }
        try await check(host: host, port: parsed.port ?? (scheme == "https" ? 443 : 80))
        let authority = parsed.port.map { "\(host):\($0)" } ?? host
        let path = (parsed.percentEncodedPath.isEmpty ? "/" : parsed.percentEncodedPath) + (parsed.percentEncodedQuery.map { "?" + $0 } ?? "")
        return (authority, path)
    }

    /// Refuses a host any of whose addresses is not public, unless private addresses are allowed.
    private func check(host: String, port: Int) async throws(RemoteFetchFailure) {
        guard !allowsPrivateAddresses else { return }
        let literal = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let addresses: [ClientAddress]
        if let address = ClientAddress(literal) {
            addresses = [address]
        } else {
            do {
                addresses = try await Self.resolve(literal, port: port)
            } catch {
                throw .failed("\(host) could not be resolved")
            }
        }
        guard !addresses.isEmpty, addresses.allSatisfy(\.isPublic) else {
            throw .refused("\(host) is not on the public internet")
        }
    }

    /// The addresses a name resolves to, looked up off the cooperative threads (the lookup blocks).
    private static func resolve(_ host: String, port: Int) async throws -> [ClientAddress] {
        try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var first: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &first) == 0 else { throw RemoteFetchFailure.failed("\(host) could not be resolved") }
            defer { freeaddrinfo(first) }
            var addresses: [ClientAddress] = []
            var next = first
            while let info = next {
                if let socket = info.pointee.ai_addr, let address = Self.address(socket, family: info.pointee.ai_family) {
                    addresses.append(address)
                }
                next = info.pointee.ai_next
            }
            return addresses
        }
    }
}

extension RemoteFetcher {
    /// A resolved socket address's IP address.
    fileprivate static func address(_ socket: UnsafeMutablePointer<sockaddr>, family: Int32) -> ClientAddress? {
        switch family {
        case AF_INET:
            socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ClientAddress(SocketAddress($0.pointee)) }
        case AF_INET6:
            socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ClientAddress(SocketAddress($0.pointee)) }
        default:
            nil
        }
    }
}

/// Why a remote document could not be had.
public enum RemoteFetchFailure: Error, Hashable, Sendable {
    /// The URL or its address is one Qwinkle does not fetch from.
    case refused(String)
    /// The server could not be reached, answered an error, or sent what is not a JSON object in time.
    case failed(String)
}
