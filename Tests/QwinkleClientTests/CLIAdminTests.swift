import Foundation
import HummingbirdTesting
import QwinkleKit
import QwinkleStorage
import QwinkleTestSupport
import Testing

@Suite(
    "qwinkle admin: blocking and limiting other servers",
    .disabled(if: PostgresTestDatabase.serversUsePostgres, "works on the data folder's SQLite file here; on PostgreSQL it takes --database alike")
)
struct CLIAdminTests {
    @Test("block-domain, blocked-domains and unblock-domain change what the running server refuses; bad input changes nothing")
    func blockDomains() async throws {
        try await TestServer.withTemporaryData { server in
            let folder = server.dataDirectory.path
            let home = server.dataDirectory.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try await server.test(live: true) { client in
                let cli = CLIHarness(server: "http://127.0.0.1:\(try #require(client.port))", home: home)
                // Someone of the server, kept here: suspending their server removes them.
                _ = try await server.withStorage { storage in
                    try await storage.storeRemoteActor(
                        RemoteActor(actorURL: "https://a.spam.example/users/zed", handle: "zed@a.spam.example", inbox: "https://a.spam.example/inbox"),
                        at: Date()
                    )
                }
                let blocked = await cli.run(["admin", "block-domain", "https://Spam.Example/users/zed", "--data", folder])
                #expect(blocked.code == 0)
                #expect(blocked.output == "Blocked spam.example and its subdomains. Removed the 1 account of its people kept here.\n", "\(blocked.output)")
                #expect(try await server.withStorage { storage in try await storage.account(username: "zed@a.spam.example") } == nil)
                #expect(await cli.run(["admin", "block-domain", "@amy@other.example", "--data", folder]).code == 0)
                #expect(await cli.run(["admin", "block-domain", "spam.example", "--data", folder]).output == "spam.example was blocked already.\n")
                let wrong = await cli.run(["admin", "block-domain", "not a domain", "--data", folder])
                #expect(wrong.code == 2)
                #expect(await cli.run(["admin", "blocked-domains", "--data", folder]).output == "other.example\nspam.example\n")
                // The server reads the blocks from the database it shares with the command.
                #expect(try await server.withStorage { storage in try await storage.isAnyDomainBlocked(RemoteHost.domains(of: "a.spam.example")) })

                #expect(await cli.run(["admin", "unblock-domain", "spam.example", "--data", folder]).output == "Unblocked spam.example.\n")
                let again = await cli.run(["admin", "unblock-domain", "spam.example", "--data", folder])
                #expect(again.code == 1)
                #expect(again.errors == "qwinkle: spam.example is not blocked.\n")
                #expect(await cli.run(["admin", "blocked-domains", "--data", folder]).output == "other.example\n")
                let nowhere = await cli.run(["admin", "blocked-domains", "--data", folder + "/nowhere"])
                #expect(nowhere.code == 1)
                #expect(nowhere.errors.hasPrefix("qwinkle: There is no Qwinkle database in"))

                // A limit keeps the server's people, limited, and takes its deliveries.
                let loud = try await server.withStorage { storage in
                    try await storage.storeRemoteActor(
                        RemoteActor(actorURL: "https://loud.example/users/lou", handle: "lou@loud.example", inbox: "https://loud.example/inbox"), at: Date()
                    )
                }
                let limited = await cli.run(["admin", "block-domain", "loud.example", "--limit", "--data", folder])
                #expect(limited.output == "Limited loud.example and its subdomains: its people reach only their followers here. Limited the 1 account of its people kept here.\n", "\(limited.output)\(limited.errors)")
                #expect(await cli.run(["admin", "blocked-domains", "--data", folder]).output == "loud.example (limited)\nother.example\n")
                #expect(try await server.withStorage { storage in try await storage.account(id: loud.id)?.standing } == .limited)
                #expect(try await server.withStorage { storage in try await storage.isAnyDomainBlocked(RemoteHost.domains(of: "loud.example")) } == false)
                #expect(await cli.run(["admin", "unblock-domain", "loud.example", "--data", folder]).output == "Unblocked loud.example.\n")
                #expect(try await server.withStorage { storage in try await storage.account(id: loud.id)?.standing } == .good)
            }
        }
    }
}
