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
/// link-local…), so that a remote server cannot make Qwinkle fetch from inside its own network. A name is looked up
/// once: the connection goes to the address that was checked (`PinnedHTTPClients`), so a second answer cannot
/// point it elsewhere. Tests on one machine allow private addresses, and nothing else may.
public struct RemoteFetcher: Sendable {
    /// Whether loopback and private addresses may be fetched from: for tests of two servers on one machine only.
    public let allowsPrivateAddresses: Bool
    /// How names are looked up.
    private let resolver: HostResolver

    /// The most a document may weigh.
    static let maxBytes = 1 << 20
    /// How long a fetch or a delivery may take, from connecting to the last byte.
    static let timeout = TimeAmount.seconds(10)
    /// `timeout`, in seconds.
    static let timeLimit: TimeInterval = 10

    /// How every client is set up: redirects are not followed, since each would need the address check again; a
    /// connection that fails (refused, or a TLS handshake with a server that speaks plain HTTP) fails the fetch at once
    /// rather than being tried again until the connect timeout, as the delivery queue retries on its own schedule and
    /// WebFinger goes on from `https` to `http` where that is allowed.
    private static let configuration: HTTPClient.Configuration = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }()
    /// The client for hosts given as addresses, which need no lookup.
    private static let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    /// The clients for hosts given by name, each connecting to the address checked for it.
    private static let pinned = PinnedHTTPClients(configuration: configuration)

    /// A fetcher; `allowsPrivateAddresses` and another `resolver` for tests only.
    public init(allowsPrivateAddresses: Bool = false, resolver: HostResolver = .system) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.resolver = resolver
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
            return try await target.execute(request) { response in
                guard response.status == .ok else { throw RemoteFetchFailure.failed("\(url) answered \(response.status.code)") }
                return Array(try await response.body.collect(upTo: maxBytes).readableBytesView)
            }
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
            status = try await target.execute(request) { response in
                // The answer's body is not needed, but is read (a little of it) so the connection can be used again.
                _ = try? await response.body.collect(upTo: 64 * 1024)
                return response.status
            }
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

    /// Where a request goes once its URL is checked.
    private struct Target {
        /// The `Host` header: the URL's host and port.
        let authority: String
        /// The path with its query.
        let path: String
        /// The URL's host, and for a name the address checked for it, which the connection must go to.
        let host: String
        let pinnedAddress: String?

        /// Sends `request` and hands its answer to `read` while the connection is held.
        func execute<Value: Sendable>(
            _ request: HTTPClientRequest, _ read: @escaping @Sendable (HTTPClientResponse) async throws -> Value
        ) async throws -> Value {
            guard let pinnedAddress else { return try await read(try await RemoteFetcher.client.execute(request, timeout: RemoteFetcher.timeout)) }
            return try await RemoteFetcher.pinned.withClient(host: host, address: pinnedAddress) { client in
                try await read(try await client.execute(request, timeout: RemoteFetcher.timeout))
            }
        }
    }

    /// Where a URL's request goes, once its scheme is http(s) and its host may be reached.
    private func checked(_ url: String) async throws(RemoteFetchFailure) -> Target {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = parsed.host, !host.isEmpty
        else { throw .refused("\(url) is not an http or https URL") }
        let pinned = try await address(of: host, port: parsed.port ?? (scheme == "https" ? 443 : 80))
        let authority = parsed.port.map { "\(host):\($0)" } ?? host
        let path = (parsed.percentEncodedPath.isEmpty ? "/" : parsed.percentEncodedPath) + (parsed.percentEncodedQuery.map { "?" + $0 } ?? "")
        return Target(authority: authority, path: path, host: host, pinnedAddress: pinned)
    }

    /// The address a named host is to be reached at, once every address it has is public (unless private ones are
    /// allowed); `nil` for a host given as an address, which is checked the same way and needs no lookup.
    private func address(of host: String, port: Int) async throws(RemoteFetchFailure) -> String? {
        let literal = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        if let address = ClientAddress(literal) {
            guard allowsPrivateAddresses || address.isPublic else { throw .refused("\(host) is not on the public internet") }
            return nil
        }
        let addresses: [ClientAddress]
        do {
            addresses = try await resolver.resolve(literal, port)
        } catch {
            throw .failed("\(host) could not be resolved")
        }
        guard let first = addresses.first else { throw .failed("\(host) could not be resolved") }
        guard allowsPrivateAddresses || addresses.allSatisfy(\.isPublic) else {
            throw .refused("\(host) is not on the public internet")
        }
        return first.description
    }
}

/// How the fetcher looks up a host name's addresses: the system's resolver, or for tests a table.
public struct HostResolver: Sendable {
    /// Looks up a name for a port.
    public let resolve: @Sendable (String, Int) async throws -> [ClientAddress]

    /// A resolver that answers with `resolve`.
    public init(_ resolve: @escaping @Sendable (String, Int) async throws -> [ClientAddress]) {
        self.resolve = resolve
    }

    /// The system's resolver (`getaddrinfo`), off the cooperative threads since it blocks.
    public static let system = HostResolver { host, port in try await lookUp(host, port: port) }

    /// The addresses a name resolves to, looked up off the cooperative threads (the lookup blocks).
    private static func lookUp(_ host: String, port: Int) async throws -> [ClientAddress] {
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

extension HostResolver {
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
