import AsyncHTTPClient
import Foundation
import OpenAPIRuntime
import QwinkleKit

/// A typed client of a Qwinkle server's API, for the `qwinkle` command or any Swift app.
///
/// Calls return QwinkleKit's models and throw `QwinkleError`. The requests are the ones generated from the
/// server's own `openapi.yaml`, so client and server cannot disagree about a route.
public struct APIClient: Sendable {
    /// The server this client talks to.
    public let server: ServerAddress
    /// The bearer token sent with every request, if signed in.
    public let token: String?
    /// The name sent as `User-Agent`, which a session begun by this client is listed under.
    public let clientName: String
    let httpClient: HTTPClient
    let generated: Client

    /// Creates a client of `server`, signed in with `token` if given, naming itself `clientName`.
    public init(server: ServerAddress, token: String? = nil, clientName: String = "qwinkle-client", httpClient: HTTPClient = .qwinkle) {
        self.server = server
        self.token = token
        self.clientName = clientName
        self.httpClient = httpClient
        generated = Client(
            serverURL: server.url,
            configuration: Configuration(dateTranscoder: .iso8601WithFractionalSeconds),
            transport: APITransport.make(server: server, httpClient: httpClient),
            middlewares: [ErrorResponseMiddleware(), AuthorizationMiddleware(token: token, clientName: clientName)]
        )
    }

    /// The same server, with another token.
    public func signedIn(with token: String?) -> APIClient {
        APIClient(server: server, token: token, clientName: clientName, httpClient: httpClient)
    }

    /// Runs a generated call, reporting every failure as a `QwinkleError`.
    func call<Value>(_ body: () async throws -> Value) async throws(QwinkleError) -> Value {
        do {
            return try await body()
        } catch let error as QwinkleError {
            throw error
        } catch let error as OpenAPIRuntime.ClientError {
            if let qwinkle = error.underlyingError as? QwinkleError { throw qwinkle }
            throw .invalidResponse(error.causeDescription)
        } catch {
            throw .invalidResponse(String(describing: error))
        }
    }

    /// The failure for an answer the API does not document for this operation.
    func unexpected(_ status: Int) -> QwinkleError {
        .invalidResponse("an undocumented answer with status \(status)")
    }
}
