/// Mastodon's `Application`, as registering answers it (with its credentials) and as `apps/verify_credentials`
/// answers it (without its secret).
struct MastodonApplication: Encodable, Sendable {
    var id: String
    var name: String
    var website: MastodonNullable<String>
    var scopes: [String]
    var redirectUri: String
    var redirectUris: [String]
    var vapidKey: String
    var clientId: String?
    var clientSecret: String?
}

/// Mastodon's `Token`.
struct MastodonToken: Encodable, Sendable {
    var accessToken: String
    var tokenType: String
    var scope: String
    var createdAt: Int
}
