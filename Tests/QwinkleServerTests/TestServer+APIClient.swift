import Foundation
import QwinkleFederation
import QwinkleServices
import QwinkleTestSupport

extension TestServer {
    /// Runs `body` against a new server over a fresh data folder, removed afterwards; whatever is `nil` keeps the
    /// server's own default.
    ///
    /// `live` serves it on a free port of this machine instead of through the router alone, for the tests that
    /// read event streams as they arrive (`APIClient.stream`); `streamHeartbeat` is the server's.
    static func run(
        maxPhotoBytes: Int? = nil, live: Bool = false, streamHeartbeat: Duration? = nil, clock: (@Sendable () -> Date)? = nil,
        rateLimits: RateLimits? = nil, federation: Federation = .off, _ body: @Sendable (APIClient) async throws -> Void
    ) async throws {
        try await withTemporaryData(
            maxPhotoBytes: maxPhotoBytes, streamHeartbeat: streamHeartbeat, clock: clock, rateLimits: rateLimits, federation: federation
        ) { server in
            try await server.test(live: live) { client in
                try await body(APIClient(client: client))
            }
        }
    }
}
