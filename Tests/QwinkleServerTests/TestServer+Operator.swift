import Foundation
import QwinkleFederation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleTestSupport
import Testing

extension TestServer {
    /// Runs `body` against a new server, as `run` does, with what its operator does beside the API: making moderators
    /// and, for tests of what a decision does rather than of who may make it, deciding directly.
    static func runOperated(
        live: Bool = false, clock: (@Sendable () -> Date)? = nil, federation: Federation = .off,
        _ body: @Sendable (APIClient, Operator) async throws -> Void
    ) async throws {
        try await withTemporaryData(clock: clock, federation: federation) { server in
            try await server.test(live: live) { client in
                try await body(APIClient(client: client), Operator(server: server))
            }
        }
    }
}

/// The operator of a test server, working on its storage as `qwinkle admin` does.
struct Operator: Sendable {
    let server: TestServer

    /// Makes `user` one of the server's moderators.
    func grantModerator(_ user: User) async throws {
        try await decide(.grantModerator, on: user)
    }

    /// Makes a decision about `user` as the operator, logged with no moderator.
    func decide(_ action: ModerationAction, on user: User) async throws {
        let id = try #require(Account.ID(rawValue: user.id))
        let outcome = try await server.withStorage { storage in
            try await storage.moderate(ModerationStep(moderator: nil, action: action, account: id), at: Date())
        }
        #expect(outcome != nil, "the operator's \(action) of @\(user.username)")
    }
}
