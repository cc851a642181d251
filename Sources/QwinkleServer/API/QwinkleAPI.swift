import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// The handlers of every operation in `openapi.yaml`: each reads its input, calls a service and maps the answer
/// back to the API's JSON, nothing else. The generated `APIProtocol` names them and their inputs and outputs, so
/// a handler cannot drift from its description; what a service refuses is translated in `APIError+ServiceError`.
///
/// A class, though it holds only constants: the generated server captures its handler in a closure for every
/// request, and a copy of this struct was a retain of every service, storage and setting in it (3 % of a `/health`).
final class QwinkleAPI: APIProtocol, Sendable {
    /// Every rule of Qwinkle.
    let services: Services
    /// Answers `GET /health`.
    let health: any HealthCheck
    /// The server's limits.
    let configuration: ServerConfiguration
    /// The OpenAPI document, served as it is.
    let document: String
    /// The JSON of entries sent live, shared by every stream so an event is encoded once, not once per subscriber.
    let liveEntries = EncodingCache<TimelineEntry, String>()

    /// Handles operations with `services`, answering `/health` by asking `health`.
    init(services: Services, health: any HealthCheck, configuration: ServerConfiguration, document: String) {
        self.services = services
        self.health = health
        self.configuration = configuration
        self.document = document
    }

    /// The length rule every entry is held to, as clients count it.
    var lengthRule: LengthRule { services.context.lengthRule }

    /// The account of the request's bearer token, `nil` without one; an unknown token is 401, never anonymous.
    func optionalAccount() async throws -> Account? {
        try await services.accounts.requestAccount(token: RequestCredentials.bearerToken)
    }

    /// The account of the request's bearer token; a missing or unknown token is 401.
    func signedInAccount() async throws -> Account {
        guard let account = try await optionalAccount() else { throw ServiceError.signInFirst }
        return account
    }

    /// Who is asking, with what the policy needs to know about them.
    func currentViewer() async throws -> Viewer {
        try await services.accounts.viewer(for: optionalAccount())
    }

    /// The page a list request asked for, and the path its `Link` header names.
    func pageQuery(path: String, limit: Int?, maxID: String?, sinceID: String?) throws -> PageQuery {
        PageQuery(request: try TimelineService.pageRequest(limit: limit, maxID: maxID, sinceID: sinceID), path: path)
    }
}
