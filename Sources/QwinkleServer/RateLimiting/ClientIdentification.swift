import HTTPTypes
import QwinkleServices

/// Decides which client a request comes from, the way Mastodon (and Rails) do: a request from a trusted proxy
/// counts as the address the proxy forwarded in `X-Forwarded-For`; `X-Forwarded-For` from anyone else is ignored.
/// Loopback is always a trusted proxy, so a local request without `X-Forwarded-For` is the machine's own
/// administration (tools, tests, benchmarks) and is not limited.
struct ClientIdentification: Sendable {
    /// Who a request is from, for the limits.
    enum Client: Hashable, Sendable {
        /// This machine, not through a proxy: not limited.
        case local
        /// A client address.
        case address(ClientAddress)
    }

    /// The proxies whose `X-Forwarded-For` is believed, besides loopback.
    let trustedProxies: [AddressRange]

    /// Identifies clients with these proxies trusted besides loopback.
    init(trustedProxies: [AddressRange]) {
        self.trustedProxies = trustedProxies
    }

    /// The client of a request that arrived from `peer` (`nil` when the connection has no IP address, such as a
    /// test's in-memory channel, which counts as local).
    func client(peer: ClientAddress?, headers: HTTPFields) -> Client {
        if let peer, !isTrusted(peer) { return .address(peer) }
        let forwarded = Self.forwarded(headers)
        guard !forwarded.isEmpty else { return peer.map { $0.isLoopback ? .local : .address($0) } ?? .local }
        // Walk back from the nearest hop: the first that is not a trusted proxy is the client. An entry that is not
        // an address ends the walk at the trusted hop that passed it on, since nothing before it can be believed.
        var last = peer
        for entry in forwarded.reversed() {
            guard let hop = ClientAddress(entry) else { break }
            if !isTrusted(hop) { return .address(hop) }
            last = hop
        }
        return last.map(Client.address) ?? .local
    }

    /// Whether a request comes from this machine or a trusted proxy itself, not from a client a proxy forwarded
    /// it for: who may read what only operators should (`/metrics`).
    func isOperator(peer: ClientAddress?, headers: HTTPFields) -> Bool {
        if let peer, !isTrusted(peer) { return false }
        // Every hop a proxy names must be trusted too: one it forwarded for anyone else (or for a name that is no
        // address) is that someone's request.
        return Self.forwarded(headers).allSatisfy { ClientAddress($0).map(isTrusted) ?? false }
    }

    /// The addresses `X-Forwarded-For` names, nearest last.
    private static func forwarded(_ headers: HTTPFields) -> [Substring] {
        forwardedFor.map { headers[values: $0] }?.flatMap { $0.split(separator: ",") } ?? []
    }

    /// `X-Forwarded-For`, the addresses a request was forwarded for.
    private static let forwardedFor = HTTPField.Name("X-Forwarded-For")

    private func isTrusted(_ address: ClientAddress) -> Bool {
        address.isLoopback || trustedProxies.contains { $0.contains(address) }
    }
}
