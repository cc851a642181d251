import QwinkleFederation
import QwinkleTestSupport

/// A test server federating as `https://qwinkle.example` (private addresses allowed) beside a fake remote server on
/// loopback, driven over live connections: what most federation tests start from.
enum FederationTestBed {
    /// Runs `body` with the fake remote server, the test server and a client of its API.
    static func run(
        remotePictureCacheBytes: Int? = nil, _ body: @escaping @Sendable (FakeRemoteServer, TestServer, APIClient) async throws -> Void
    ) async throws {
        try await FakeRemoteServer.run { remote in
            try await TestServer.withTemporaryData(
                federation: .on(FederationRemoteNotesTests.origin, allowsPrivateAddresses: true), remotePictureCacheBytes: remotePictureCacheBytes
            ) { server in
                try await server.test(live: true) { client in
                    try await body(remote, server, APIClient(client: client))
                }
            }
        }
    }
}
