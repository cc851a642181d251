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

    /// Whether the address is on the public internet (in none of `nonPublicNetworks`).
    public var isPublic: Bool {
        !Self.nonPublicNetworks.contains { $0.contains(self) }
    }
}
