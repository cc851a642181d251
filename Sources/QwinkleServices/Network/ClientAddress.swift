import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// Where the socket address types are found once NIO's C shim has declared them first (as it is, beside the
// metrics' atomics); with member import visibility they must then be imported from there.
#if canImport(CNIOLinux)
import CNIOLinux
#endif

/// An IP address as its bytes (4 for IPv4, 16 for IPv6), for deciding who a request comes from, and where a remote
/// server may be fetched from.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address's bytes, in network order.
    public let bytes: [UInt8]

    /// Parses a textual IPv4 or IPv6 address; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is its IPv4 address.
    public init?(_ text: some StringProtocol) {
        let text = text.trimmingCharacters(in: .whitespaces)
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v4) { Array($0) })
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            self.init(bytes: Self.bytes(of: v6))
        } else {
            return nil
        }
    }

    /// A connection's peer, read from its socket address without going through text (it is read on every request).
    public init?(_ address: SocketAddress) {
        switch address {
        case .v4(let v4):
            self.init(bytes: withUnsafeBytes(of: v4.address.sin_addr) { Array($0) })
        case .v6(let v6):
            self.init(bytes: Self.bytes(of: v6.address.sin6_addr))
        case .unixDomainSocket:
            return nil
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The IPv4 address of these four bytes.
    init(v4 bytes: some Collection<UInt8>) {
        self.init(bytes: Array(bytes))
    }

    /// An IPv6 address's bytes, or the IPv4 address's it maps.
    private static func bytes(of v6: in6_addr) -> [UInt8] {
        let all = withUnsafeBytes(of: v6) { Array($0) }
        return all.prefix(12) == v4MappedPrefix[...] ? Array(all.suffix(4)) : all
    }

    private static let v4MappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]

    /// Whether this is a loopback address (127.0.0.0/8 or ::1).
    public var isLoopback: Bool {
        bytes.count == 4 ? bytes[0] == 127 : bytes == Array(repeating: 0, count: 15) + [1]
    }

    /// The key a client is counted under: the address for IPv4, its /64 network for IPv6, since one IPv6
    /// subscriber is usually given a whole /64 and could otherwise change address at will.
    public var limitKey: String {
        bytes.count == 16 ? hexGroups(4) + "::/64" : description
    }

    public var description: String {
        bytes.count == 4 ? bytes.map(String.init).joined(separator: ".") : hexGroups(8)
    }

    /// The first `count` 16-bit groups of an IPv6 address, in hexadecimal, joined by colons.
    private func hexGroups(_ count: Int) -> String {
        (0..<count).map { String(UInt16(bytes[2 * $0]) << 8 | UInt16(bytes[2 * $0 + 1]), radix: 16) }.joined(separator: ":")
    }
}

/// A network of addresses, such as a trusted proxy's: an address with an optional prefix length (`10.0.0.0/8`).
public struct AddressRange: Hashable, Sendable {
    /// The network's first address.
    public let address: ClientAddress
    /// How many leading bits an address must share with it.
    public let prefixLength: Int

    /// Parses `ADDRESS` or `ADDRESS/BITS`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1)
        guard let first = parts.first, let address = ClientAddress(first) else { return nil }
        let bits = address.bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        self.address = address
    }

    /// Whether `candidate` is in this network.
    public func contains(_ candidate: ClientAddress) -> Bool {
        guard candidate.bytes.count == address.bytes.count else { return false }
        var remaining = prefixLength
        for (a, b) in zip(address.bytes, candidate.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard a & mask == b & mask else { return false }
            remaining -= 8
        }
        return true
    }
}
