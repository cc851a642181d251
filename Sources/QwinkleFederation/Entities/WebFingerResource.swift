/// A WebFinger answer (RFC 7033's JRD): the handle, and where its actor and profile page are.
struct WebFingerResource: Encodable, Sendable {
    var subject: String
    var aliases: [String]
    var links: [Link]

    /// A link of the resource.
    struct Link: Encodable, Sendable {
        var rel: String
        var type: String?
        var href: String
    }
}
