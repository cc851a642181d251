extension ClientAddress {
    /// The networks no other server of the public internet lives on: this machine, private and shared networks,
    /// link-local and multicast addresses, and the ranges reserved for documentation, benchmarks and the future.
    /// A remote server's address in one of them is refused, so that nobody can make the server fetch from inside its
    /// own network (server-side request forgery).
    static let nonPublicNetworks: [AddressRange] = [
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24",
        "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4",
        "240.0.0.0/4", "::/128", "::1/128", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001:db8::/32", "fc00::/7",
        "fe80::/10", "ff00::/8",
    ].compactMap(AddressRange.init)

    /// Whether the address is on the public internet (in none of `nonPublicNetworks`). An IPv6 address that
    /// carries an IPv4 one (IPv4-compatible `::a.b.c.d`, 6to4 `2002::/16`, Teredo `2001::/32`) reaches that IPv4
    /// address through a relay or a host's own stack, so it is public only if each address it carries is.
    public var isPublic: Bool {
        guard !Self.nonPublicNetworks.contains(where: { $0.contains(self) }) else { return false }
        return embeddedIPv4.allSatisfy(\.isPublic)
    }

    /// The IPv4 addresses an IPv6 address carries: for IPv4-compatible `::a.b.c.d` its last four bytes, for 6to4
    /// the four after `2002:`, for Teredo its server (the four after `2001:0000:`) and its client (the last four,
    /// inverted); none for any other address.
    var embeddedIPv4: [ClientAddress] {
        guard bytes.count == 16 else { return [] }
        if bytes.prefix(12).allSatisfy({ $0 == 0 }) { return [ClientAddress(v4: bytes[12..<16])] }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return [ClientAddress(v4: bytes[2..<6])] }
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0, bytes[3] == 0 {
            return [ClientAddress(v4: bytes[4..<8]), ClientAddress(v4: bytes[12..<16].map { ~$0 })]
        }
        return []
    }
}
