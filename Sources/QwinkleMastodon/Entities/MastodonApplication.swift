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

    enum CodingKeys: String, CodingKey {
        case id, name, website, scopes, redirectUri = "redirect_uri", redirectUris = "redirect_uris",
            vapidKey = "vapid_key", clientId = "client_id", clientSecret = "client_secret"
    }
}

/// Mastodon's `Token`.
struct MastodonToken: Encodable, Sendable {
    var accessToken: String
    var tokenType: String
    var scope: String
    var createdAt: Int

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", scope, createdAt = "created_at"
    }
}
