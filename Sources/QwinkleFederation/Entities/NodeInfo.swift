/// NodeInfo 2.1: what software a server runs and which protocols it speaks.
struct NodeInfo: Encodable, Sendable {
    var version = "2.1"
    var software: Software
    var protocols = ["activitypub"]
    var services = Services()
    var openRegistrations: Bool
    var usage = Usage()
    var metadata: [String: String] = [:]

    /// The software's name and version.
    struct Software: Encodable, Sendable {
        var name: String
        var version: String
        var homepage: String?
    }

    /// Other networks it bridges to: none.
    struct Services: Encodable, Sendable {
        var inbound: [String] = []
        var outbound: [String] = []
    }

    /// How much the server is used; Qwinkle does not tell (its users' activity is theirs), which the schema allows.
    struct Usage: Encodable, Sendable {
        var users: [String: Int] = [:]
    }
}

/// `/.well-known/nodeinfo`: where each NodeInfo version is.
struct NodeInfoLinks: Encodable, Sendable {
    var links: [WebFingerResource.Link]
}
