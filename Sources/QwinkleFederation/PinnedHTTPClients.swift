import AsyncHTTPClient
import NIOCore

/// HTTP clients that connect to a host name at the address the fetcher checked for it, not at whatever a second
/// lookup answers: a name whose DNS answers a public address for the check and a private one for the connection
/// (DNS rebinding) still reaches the public one. TLS is still verified against the name (AsyncHTTPClient's
/// `dnsOverride` keeps it as the server name).
///
/// `dnsOverride` is a client's setting, so there is a client per name and address, kept while the name keeps its
/// address so deliveries to one server reuse their connections; the least recently used idle ones are shut down past
/// `capacity`, and one whose name moved to another address is shut down once its requests are done.
actor PinnedHTTPClients {
    /// One client and what is using it.
    private struct Pinned {
        let address: String
        let client: HTTPClient
        var leases = 0
        var lastUsed: UInt64 = 0
    }

    /// How many clients are kept when idle.
    let capacity: Int
    private let configuration: HTTPClient.Configuration
    private var pinned: [String: Pinned] = [:]
    /// Clients no longer pinned (their name moved, or they were evicted) that requests still hold.
    private var retired: [ObjectIdentifier: (client: HTTPClient, leases: Int)] = [:]
    private var clock: UInt64 = 0

    /// Clients made with `configuration`, at most `capacity` of them kept when idle.
    init(configuration: HTTPClient.Configuration, capacity: Int = 64) {
        self.configuration = configuration
        self.capacity = capacity
    }

    /// Runs `body` with a client that connects to `host` at `address` (an IP address's text).
    func withClient<Value: Sendable>(
        host: String, address: String, _ body: @Sendable (HTTPClient) async throws -> Value
    ) async throws -> Value {
        let client = lease(host: host, address: address)
        do {
            let value = try await body(client)
            await release(client, host: host)
            return value
        } catch {
            await release(client, host: host)
            throw error
        }
    }

    private func lease(host: String, address: String) -> HTTPClient {
        clock += 1
        if var current = pinned[host], current.address == address {
            current.leases += 1
            current.lastUsed = clock
            pinned[host] = current
            return current.client
        }
        if let moved = pinned.removeValue(forKey: host) { retire(moved) }
        var configuration = configuration
        configuration.dnsOverride = [host: address]
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        pinned[host] = Pinned(address: address, client: client, leases: 1, lastUsed: clock)
        evictIdle()
        return client
    }

    private func release(_ client: HTTPClient, host: String) async {
        if var current = pinned[host], current.client === client {
            current.leases -= 1
            pinned[host] = current
            return
        }
        let id = ObjectIdentifier(client)
        guard var held = retired[id] else { return }
        held.leases -= 1
        if held.leases > 0 {
            retired[id] = held
            return
        }
        retired[id] = nil
        try? await client.shutdown()
    }

    /// Moves a client out of the pinned ones: shut down now if idle, else once its last request is done.
    private func retire(_ old: Pinned) {
        if old.leases == 0 {
            Task { try? await old.client.shutdown() }
        } else {
            retired[ObjectIdentifier(old.client)] = (old.client, old.leases)
        }
    }

    /// Shuts down the least recently used idle clients past `capacity`; busy ones stay until they are idle.
    private func evictIdle() {
        guard pinned.count > capacity else { return }
        let idle = pinned.filter { $0.value.leases == 0 }.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (host, old) in idle.prefix(pinned.count - capacity) {
            pinned[host] = nil
            retire(old)
        }
    }
}
