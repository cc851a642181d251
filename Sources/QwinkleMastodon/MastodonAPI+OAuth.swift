import Foundation
import Hummingbird
import NIOCore
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// `POST /api/v1/apps`.
    struct AppRegistration: Decodable {
        var clientName: String?
        var redirectUris: MastodonStrings?
        var scopes: MastodonStrings?
        var website: String?

        enum CodingKeys: String, CodingKey {
            case clientName = "client_name", redirectUris = "redirect_uris", scopes, website
        }
    }

    /// `POST /oauth/token` and `POST /oauth/revoke`.
    struct TokenRequest: Decodable {
        var grantType: String?
        var code: String?
        var clientId: String?
        var clientSecret: String?
        var redirectUri: String?
        var codeVerifier: String?
        var scope: String?
        var token: String?
        var username: String?
        var password: String?

        enum CodingKeys: String, CodingKey {
            case grantType = "grant_type", code, clientId = "client_id", clientSecret = "client_secret", redirectUri = "redirect_uri"
            case codeVerifier = "code_verifier", scope, token, username, password
        }
    }

    /// App registration, the app's own credentials, and the token and revocation endpoints of OAuth 2.
    func addOAuthRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post("/api/v1/apps") { request, _ in
            let input = try await MastodonInput.read(AppRegistration.self, from: request)
            let registered = try await services.oauth.registerApp(
                name: input.clientName, redirectURIs: input.redirectUris?.values.joined(separator: "\n"),
                scopes: input.scopes?.values.joined(separator: " "), website: input.website
            )
            return try Self.json(Self.application(registered.app, secret: registered.clientSecret))
        }
        router.get("/api/v1/apps/verify_credentials") { request, _ in
            let grant = try await caller(request).app()
            return try Self.json(Self.application(grant.app, secret: nil))
        }
        router.post("/oauth/token") { request, _ in
            try await Self.oauthAnswer {
                let input = try await MastodonInput.read(TokenRequest.self, from: request)
                // Apps may send their credentials as HTTP Basic instead of in the body (RFC 6749 §2.3.1).
                let basic = Self.basicCredentials(request)
                let clientID = input.clientId ?? basic?.id
                let secret = input.clientSecret ?? basic?.secret
                let issued: IssuedToken
                switch input.grantType {
                case "authorization_code":
                    issued = try await services.oauth.exchange(
                        code: input.code, clientID: clientID, clientSecret: secret, redirectURI: input.redirectUri, codeVerifier: input.codeVerifier
                    )
                case "client_credentials":
                    issued = try await services.oauth.clientCredentials(clientID: clientID, clientSecret: secret, scope: input.scope)
                case "password" where allowsPasswordGrant:
                    let account: Account
                    do {
                        account = try await services.accounts.verifiedAccount(username: input.username, password: input.password)
                    } catch is ServiceError {
                        throw OAuthError(.invalidGrant, "The username or password is wrong.")
                    }
                    issued = try await services.oauth.passwordGrant(account: account, clientID: clientID, clientSecret: secret, scope: input.scope)
                case nil:
                    throw OAuthError(.invalidRequest, "The grant_type is missing.")
                case let other?:
                    // The password grant is off unless the server turns it on: Mastodon removed it in 4.4, and it
                    // teaches apps to ask for passwords.
                    throw OAuthError(.unsupportedGrantType, "The grant type \(other.prefix(40)) is not supported here.")
                }
                return try Self.json(
                    MastodonToken(
                        accessToken: issued.token, tokenType: "Bearer", scope: issued.scopes.text,
                        createdAt: Int(issued.createdAt.timeIntervalSince1970)
                    ),
                    headers: [.cacheControl: "no-store"]
                )
            }
        }
        router.get("/.well-known/oauth-authorization-server") { request, _ in
            try Self.json(Self.authorizationServer(at: origin(request), passwordGrant: allowsPasswordGrant))
        }
        router.post("/oauth/revoke") { request, _ in
            try await Self.oauthAnswer {
                let input = try await MastodonInput.read(TokenRequest.self, from: request)
                let basic = Self.basicCredentials(request)
                try await services.oauth.revoke(token: input.token, clientID: input.clientId ?? basic?.id, clientSecret: input.clientSecret ?? basic?.secret)
                return try Self.json([String: String]())
            }
        }
    }

    /// RFC 8414's metadata, as Mastodon (4.3 on) serves it: where apps register, authorize and get tokens, and what
    /// this server supports of OAuth.
    static func authorizationServer(at origin: MastodonOrigin, passwordGrant: Bool) -> [String: MastodonMetadataValue] {
        [
            "issuer": .text(origin.base + "/"),
            "authorization_endpoint": .text(origin.base + "/oauth/authorize"),
            "token_endpoint": .text(origin.base + "/oauth/token"),
            "revocation_endpoint": .text(origin.base + "/oauth/revoke"),
            "app_registration_endpoint": .text(origin.base + "/api/v1/apps"),
            "scopes_supported": .list(OAuthScopes.known.sorted()),
            "response_types_supported": .list(["code"]),
            "response_modes_supported": .list(["query"]),
            "grant_types_supported": .list(["authorization_code", "client_credentials"] + (passwordGrant ? ["password"] : [])),
            "code_challenge_methods_supported": .list(["S256"]),
            "token_endpoint_auth_methods_supported": .list(["client_secret_basic", "client_secret_post", "none"]),
        ]
    }

    /// An app as Mastodon shows it; its secret only when it has just registered.
    static func application(_ app: OAuthApp, secret: String?) -> MastodonApplication {
        MastodonApplication(
            id: app.id.rawValue, name: app.name, website: MastodonNullable(app.website), scopes: app.scopes.names,
            redirectUri: app.redirectURIs.joined(separator: "\n"), redirectUris: app.redirectURIs, vapidKey: "",
            clientId: secret == nil ? nil : app.clientID, clientSecret: secret
        )
    }

    /// Runs an OAuth endpoint, answering its refusals as RFC 6749 says (`error`, `error_description`).
    static func oauthAnswer(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as OAuthError {
            throw OAuthFailure(error: error)
        } catch let error as MastodonError {
            throw OAuthFailure(error: OAuthError(.invalidRequest, error.message))
        }
    }

    /// The client ID and secret of an `Authorization: Basic` header.
    static func basicCredentials(_ request: Request) -> (id: String, secret: String)? {
        guard let value = request.headers[.authorization], value.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        let id = String(text[..<colon]).removingPercentEncoding ?? ""
        let secret = String(text[text.index(after: colon)...]).removingPercentEncoding ?? ""
        return (id, secret)
    }
}

/// An OAuth refusal as RFC 6749 answers it: 401 for a client that is not known, 400 otherwise.
struct OAuthFailure: HTTPResponseError, Sendable {
    let error: OAuthError

    var status: HTTPResponse.Status { error.code == .invalidClient ? .unauthorized : .badRequest }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if error.code == .invalidClient { headers[.wwwAuthenticate] = "Basic realm=\"Qwinkle\"" }
        let body = try JSONEncoder().encode(["error": error.code.rawValue, "error_description": error.description])
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// A value of the OAuth server metadata: a string or a list of them.
enum MastodonMetadataValue: Encodable, Sendable {
    case text(String)
    case list([String])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .list(let list): try container.encode(list)
        }
    }
}
