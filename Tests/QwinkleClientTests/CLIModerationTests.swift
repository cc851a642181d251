import Foundation
import HummingbirdTesting
import QwinkleTestSupport
import Testing

@Suite(
    "qwinkle: reports and moderation",
    .disabled(if: PostgresTestDatabase.serversUsePostgres, "the operator works on the data folder's SQLite file here; on PostgreSQL it takes --database alike")
)
struct CLIModerationTests {
    @Test("report; admin grant-moderator; moderation reports, report, act suspend and restore, accounts and log; refusals are one line")
    func moderate() async throws {
        try await TestServer.withTemporaryData { server in
            let folder = server.dataDirectory.path
            let home = server.dataDirectory.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try await server.test(live: true) { client in
                let abe = CLIHarness(server: "http://127.0.0.1:\(try #require(client.port))", home: home)
                await abe.signUp("abe")
                let troll = try abe.person("troll")
                await troll.signUp("troll")
                let mod = try abe.person("mod")
                await mod.signUp("mod")
                #expect(await troll.run(["post", "You are all fools"]).code == 0)
                let entry = try #require(await troll.run(["timeline", "@troll"]).output.firstMatch(of: /#(\d+)/)?.1).description

                let badEntry = await abe.run(["report", "@troll", "--entry", "nope"])
                #expect(badEntry.code != 0 && badEntry.errors.contains("nope"), "\(badEntry.errors)")
                let reported = await abe.run(["report", "@troll", "--entry", entry, "--comment", "Insults"])
                #expect(reported.code == 0 && reported.output == "Reported @troll and 1 entry to the moderators (report 1).\n", "\(reported.output)\(reported.errors)")

                let refused = await abe.run(["moderation", "reports"])
                #expect(refused.code == 1 && refused.errors.hasPrefix("qwinkle: ") && refused.errors.split(separator: "\n").count == 1, "\(refused.errors)")
                #expect(await abe.run(["admin", "grant-moderator", "mod", "--data", folder]).output == "@mod is a moderator now.\n")
                #expect(await abe.run(["admin", "grant-moderator", "mod", "--data", folder]).output == "@mod was a moderator already.\n")
                #expect(await abe.run(["admin", "moderators", "--data", folder]).output == "@mod\n")
                let nobody = await abe.run(["admin", "grant-moderator", "nobody", "--data", folder])
                #expect(nobody.code == 1 && nobody.errors == "qwinkle: There is no account @nobody of this server.\n", "\(nobody.errors)")

                #expect(await mod.run(["moderation", "reports"]).output == "#1 @troll, by @abe, 1 entry, open: \"Insults\"\n")
                let shown = await mod.run(["moderation", "report", "1"])
                #expect(shown.output.contains("You are all fools") && shown.output.contains("Account: @troll"), "\(shown.output)")
                let both = await mod.run(["moderation", "act", "suspend"])
                #expect(both.code != 0 && both.errors.contains("--report or --account"), "\(both.errors)")
                let suspended = await mod.run(["moderation", "act", "suspend", "--report", "1", "--note", "Insults"])
                #expect(suspended.output == "You suspended @troll, for report 1.\n", "\(suspended.output)\(suspended.errors)")
                #expect(await troll.run(["whoami"]).code != 0, "signed out")
                #expect(await mod.run(["moderation", "reports"]).output == "No report is waiting.\n")
                let listed = await mod.run(["moderation", "accounts", "--standing", "suspended"])
                let trollID = try #require(listed.output.firstMatch(of: /(\d+)  @troll \[suspended\]/)?.1).description
                #expect(await mod.run(["moderation", "act", "restore", "--account", trollID]).output == "You restored @troll.\n")
                let log = await mod.run(["moderation", "log"]).output
                #expect(log.contains("@mod restored @troll") && log.contains("@mod suspended @troll (report 1): \"Insults\"") && log.contains("the operator made a moderator: @mod"), "\(log)")

                #expect(await abe.run(["admin", "revoke-moderator", "mod", "--data", folder]).output == "@mod is no longer a moderator.\n")
                #expect(await mod.run(["moderation", "reports"]).code == 1)
            }
        }
    }
}
