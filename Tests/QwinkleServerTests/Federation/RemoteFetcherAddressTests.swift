import Foundation
import QwinkleFederation
import QwinkleServices
import Synchronization
import Testing

/// The fetcher looks a name up once and connects to the address it checked, so a second answer (DNS rebinding)
/// cannot send it elsewhere; a name with any address off the public internet is refused.
@Suite("Federation: where the fetcher connects")
struct RemoteFetcherAddressTests {
    /// How many lookups a resolver made.
    final class Lookups: Sendable {
        let count = Mutex(0)
    }

    /// A resolver that answers from a table and counts its lookups.
    static func table(_ answers: [String: [String]], lookups: Lookups? = nil) -> HostResolver {
        HostResolver { host, _ in
            lookups?.count.withLock { $0 += 1 }
            return (answers[host] ?? []).compactMap { ClientAddress($0) }
        }
    }

    @Test("A name is connected to at the address its lookup gave, not looked up again: a name no DNS knows still reaches it")
    func connectsToTheCheckedAddress() async throws {
        try await FakeRemoteServer.run { remote in
            let port = try #require(remote.base.split(separator: ":").last.map(String.init))
            let lookups = Lookups()
            // `.invalid` never resolves (RFC 6761): the request can only reach the server at the address the fetcher checked.
            let fetcher = RemoteFetcher(allowsPrivateAddresses: true, resolver: Self.table(["zed.invalid": ["127.0.0.1"]], lookups: lookups))
            for _ in 0..<2 {
                let actor = try await fetcher.document(at: "http://zed.invalid:\(port)/users/zed")
                #expect(actor["preferredUsername"] as? String == "zed")
            }
            #expect(lookups.count.withLock { $0 } == 2, "each fetch checks the name once")
        }
    }

    @Test("A name with any address off the public internet is refused before anything is sent")
    func privateAnswersAreRefused() async throws {
        try await FakeRemoteServer.run { remote in
            let port = try #require(remote.base.split(separator: ":").last.map(String.init))
            let fetcher = RemoteFetcher(resolver: Self.table([
                "inside.example": ["127.0.0.1"], "mixed.example": ["93.184.215.14", "10.0.0.7"], "nowhere.example": [],
            ]))
            for (host, refused) in [("inside.example", true), ("mixed.example", true), ("nowhere.example", false), ("127.0.0.1", true)] {
                do throws(RemoteFetchFailure) {
                    _ = try await fetcher.document(at: "http://\(host):\(port)/users/zed")
                    Issue.record("\(host) was fetched")
                } catch {
                    if case .refused = error { #expect(refused, "\(host): \(error)") } else { #expect(!refused, "\(host): \(error)") }
                }
            }
            #expect(remote.fetchedPaths.isEmpty, "nothing reached the server")
        }
    }
}
