import Foundation
import QwinkleKit
import QwinkleTestSupport
import Testing

@Suite("qwinkle: blocks and mutes")
struct CLIBlockTests {
    @Test("block ends the follow and hides each from the other; blocks lists them; unblock lifts it")
    func block() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let troll = try abe.person("troll")
            await troll.signUp("troll")
            #expect(await troll.run(["follow", "@abe"]).code == 0)
            #expect(await troll.run(["post", "Trolling"]).code == 0)

            let blocked = await abe.run(["block", "@troll"])
            #expect(blocked.code == 0 && blocked.output == "You block @troll. qwinkle unblock @troll undoes it.\n", "\(blocked.errors)")
            #expect(await abe.run(["followers"]).output.contains("Nobody follows @abe yet."))
            #expect(!(await abe.run(["timeline", "public"]).output.contains("Trolling")))
            #expect(await abe.run(["blocks"]).output.contains("@troll"))
            let refused = await troll.run(["follow", "@abe"])
            #expect(refused.code == 1 && refused.errors.hasPrefix("qwinkle: ") && refused.errors.split(separator: "\n").count == 1, "\(refused.errors)")
            let yourself = await abe.run(["block", "@abe"])
            #expect(yourself.code == 1 && yourself.errors.contains("You cannot block yourself."))

            #expect(await abe.run(["unblock", "troll"]).output == "You no longer block @troll.\n")
            #expect(await abe.run(["blocks"]).output == "You block nobody.\n")
            #expect(await abe.run(["timeline", "public"]).output.contains("Trolling"))
        }
    }

    @Test("mute --for hides someone from timelines until it runs out, their page still shows them; a bad duration is refused before sending")
    func mute() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            #expect(await abe.run(["follow", "@mary"]).code == 0)
            #expect(await mary.run(["post", "Mary's news"]).code == 0)

            let muted = await abe.run(["mute", "@mary", "--for", "7d", "--keep-notifications"])
            #expect(muted.code == 0 && muted.output.hasPrefix("You mute @mary until ") && muted.output.hasSuffix(", keeping their notifications.\n"), "\(muted.output)\(muted.errors)")
            #expect(!(await abe.run(["timeline"]).output.contains("Mary's news")))
            #expect(await abe.run(["timeline", "@mary"]).output.contains("Mary's news"))
            let listed = await abe.run(["mutes"])
            #expect(listed.output.contains("@mary") && listed.output.contains(" until ") && listed.output.contains("(notifications kept)"), "\(listed.output)")
            let bad = await abe.run(["mute", "@mary", "--for", "soon"])
            #expect(bad.code != 0 && bad.errors.contains("soon"), "\(bad.errors)")

            #expect(await abe.run(["unmute", "@mary"]).output == "You no longer mute @mary.\n")
            #expect(await abe.run(["mutes"]).output == "You mute nobody.\n")
            #expect(await abe.run(["timeline"]).output.contains("Mary's news"))
        }
    }

    @Test("block-domain keeps a server as its domain, named by a URL or a handle too; domain-blocks lists it; a non-domain is refused")
    func blockDomain() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let blocked = await abe.run(["block-domain", "https://Spam.Example/@someone"])
            #expect(blocked.code == 0 && blocked.output == "You block spam.example and its subdomains. qwinkle unblock-domain spam.example undoes it.\n", "\(blocked.errors)")
            #expect(await abe.run(["block-domain", "troll@other.example"]).code == 0)
            #expect(await abe.run(["domain-blocks"]).output == "other.example\nspam.example\n")
            let refused = await abe.run(["block-domain", "not a domain"])
            #expect(refused.code == 1 && refused.errors.contains("Name a server by its domain"), "\(refused.errors)")
            #expect(await abe.run(["unblock-domain", "spam.example"]).output == "You no longer block spam.example.\n")
            #expect(await abe.run(["domain-blocks"]).output == "other.example\n")
        }
    }

    @Test("profile --approve-followers makes a follow a request; follow-requests lists it; approve and refuse answer it")
    func followRequests() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let tad = try abe.person("tad")
            await tad.signUp("tad")
            let locked = await abe.run(["profile", "--approve-followers"])
            #expect(locked.code == 0 && locked.output.contains("You approve each follower"), "\(locked.output)\(locked.errors)")
            #expect(await mary.run(["follow", "@abe"]).output == "@abe approves each follower: you asked, and follow once they say yes.\n")
            #expect(await tad.run(["follow", "@abe"]).code == 0)
            let waiting = await abe.run(["follow-requests"])
            #expect(waiting.output.contains("@mary") && waiting.output.contains("@tad"), "\(waiting.output)")
            #expect(await abe.run(["approve", "@mary"]).output == "@mary follows you now.\n")
            #expect(await abe.run(["refuse", "tad"]).output == "You refused @tad's request.\n")
            #expect(await abe.run(["follow-requests"]).output == "Nobody is waiting.\n")
            #expect(await abe.run(["followers"]).output.contains("@mary"))
            let none = await abe.run(["approve", "@tad"])
            #expect(none.code == 1 && none.errors.hasPrefix("qwinkle: "), "\(none.errors)")
        }
    }
}
