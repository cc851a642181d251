import Foundation
import Testing

@Suite("qwinkle: drafts")
struct CLIDraftTests {
    /// The draft ID a `Saved draft N (revision R).` line names.
    static func draftID(in output: String) throws -> String {
        try #require(output.split(separator: " ").dropFirst(2).first.map(String.init))
    }

    @Test("draft save keeps a draft even when it is too long, drafts lists it, draft post posts it and it is gone")
    func saveListPost() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let long = String(repeating: "a", count: 150)
            let saved = await cli.run(["draft", "save", long])
            #expect(saved.code == 0, "\(saved.errors)")
            #expect(saved.output.hasPrefix("Saved draft ") && saved.output.contains("(revision 1)"))
            let id = try Self.draftID(in: saved.output)

            let listed = await cli.run(["drafts"])
            #expect(listed.output.hasPrefix("\(id)  r1  "), "\(listed.output)")
            let shown = await cli.run(["draft", "show", id])
            #expect(shown.output.contains("Not ready to post: Too long by 10 characters: an entry for everyone may have 140"), "\(shown.output)")
            let refused = await cli.run(["draft", "post", id])
            #expect(refused.code == 1 && refused.errors.contains("cannot be posted yet"))

            let again = await cli.run(["draft", "save", "--id", id, "--revision", "1", "Gave", "a", "short", "speech."])
            #expect(again.output == "Saved draft \(id) (revision 2).\n", "\(again.errors)")
            #expect(await cli.run(["draft", "show", id]).output.contains("ready to post"))
            let posted = await cli.run(["draft", "post", id])
            #expect(posted.code == 0, "\(posted.errors)")
            #expect(posted.output.contains("from draft \(id)"))
            #expect(await cli.run(["timeline", "public"]).output.contains("Gave a short speech."))
            #expect(await cli.run(["drafts"]).output == "No drafts.\n")
            #expect(await cli.run(["draft", "show", id]).code == 1)
            #expect(await cli.run(["draft", "post", id]).code == 1, "a posted draft cannot be posted twice")
        }
    }

    @Test("A save changes only what it names: a followers-only journal draft saved with new text stays one, and is posted so")
    func saveKeepsWhatItDoesNotName() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let mary = try cli.person("mary")
            await mary.signUp("mary")
            let id = try Self.draftID(in: await cli.run(["draft", "save", "Only for", "--kind", "journal", "--visibility", "followers"]).output)
            let more = await cli.run(["draft", "save", "--id", id, "--revision", "1", "Only for my followers"])
            #expect(more.code == 0, "\(more.errors)")
            let json = await cli.run(["draft", "show", id, "--json"]).output
            #expect(json.contains(#""visibility" : "followers""#), "\(json)")
            #expect(json.contains(#""kind" : "journal""#), "\(json)")
            #expect(json.contains("Only for my followers"))

            // Without --revision, and with a photo and a dream: what is not named stays too.
            let photo = try CLIFlowTests.photoFile(in: cli.home)
            let dream = try Self.draftID(in: await cli.run([
                "draft", "save", "Sharks", "--kind", "dream", "--creature", "shark", "--count", "3", "--visibility", "private",
                "--photo", photo, "--alt", "A fin",
            ]).output)
            #expect(await cli.run(["draft", "save", "--id", dream, "Sharks circling"]).code == 0)
            let dreamJSON = await cli.run(["draft", "show", dream, "--json"]).output
            #expect(dreamJSON.contains(#""visibility" : "private""#), "\(dreamJSON)")
            #expect(dreamJSON.contains(#""number_of_creatures" : 3"#), "\(dreamJSON)")
            #expect(dreamJSON.contains(#""alt" : "A fin""#), "\(dreamJSON)")
            #expect(dreamJSON.contains("Sharks circling"))
            // Naming the visibility alone changes it alone.
            #expect(await cli.run(["draft", "save", "--id", dream, "--visibility", "followers"]).code == 0)
            let followers = await cli.run(["draft", "show", dream, "--json"]).output
            #expect(followers.contains(#""visibility" : "followers""#) && followers.contains("Sharks circling"), "\(followers)")

            let posted = await cli.run(["draft", "post", id])
            #expect(posted.code == 0, "\(posted.errors)")
            #expect(posted.output.contains("(a journal entry for followers)"), "\(posted.output)")
            #expect(!(await cli.run(["timeline", "public"]).output.contains("Only for my followers")), "not posted publicly")
            #expect(!(await mary.run(["timeline", "@abe"]).output.contains("Only for my followers")), "not for someone who does not follow")
        }
    }

    @Test("A save from an older revision prints theirs, yours and the merge, saves nothing and exits 1")
    func conflict() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let id = try Self.draftID(in: await cli.run(["draft", "save", "--kind", "journal", "We walked to the lake and it rained."]).output)
            #expect(await cli.run(["draft", "save", "--id", id, "--revision", "1", "--kind", "journal", "We walked to the old lake and it rained."]).code == 0)
            let refused = await cli.run(["draft", "save", "--id", id, "--revision", "1", "--kind", "journal", "We walked to the lake and it snowed."])
            #expect(refused.code == 1)
            #expect(refused.errors.contains("saved elsewhere since revision 1"), "\(refused.errors)")
            #expect(refused.output.contains("--- merged (visibility journal)\nWe walked to the old lake and it snowed.\n"), "\(refused.output)")
            #expect(refused.output.contains("The merge is clean."))
            #expect(refused.output.contains("qwinkle draft save --id \(id) --revision 2"))
            #expect(await cli.run(["draft", "show", id]).output.contains("revision 2"), "nothing was saved")
            #expect(await cli.run(["draft", "delete", id]).output == "Deleted draft \(id).\n")
            #expect(await cli.run(["drafts"]).output == "No drafts.\n")
        }
    }

    @Test("draft edit continues a draft in the editor; a draft of someone else's is not found")
    func edit() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let id = try Self.draftID(in: await cli.run(["draft", "save", "Started in the web app"]).output)
            let scripts = cli.home.appendingPathComponent("editors")
            try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
            let editor = try CLIFlowTests.editor(in: scripts, named: "continue", script: #"printf 'Started in the web app, finished here.' > "$1""#)
            let edited = await cli.run(["draft", "edit", id], environment: ["EDITOR": editor])
            #expect(edited.output == "Saved draft \(id) (revision 2).\n", "\(edited.errors)")
            #expect(await cli.run(["draft", "show", id]).output.contains("finished here."))

            let mary = try cli.person("mary")
            await mary.signUp("mary")
            #expect(await mary.run(["draft", "show", id]).code == 1)
            #expect(await mary.run(["draft", "delete", id]).code == 1)
            #expect(await cli.run(["draft", "show", id]).code == 0)
        }
    }

    @Test("draft edit: a save made elsewhere while the editor is open reopens it on the merge, which is then saved")
    func editConflict() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let id = try Self.draftID(in: await cli.run(["draft", "save", "We walked to the lake and it rained."]).output)
            let scripts = cli.home.appendingPathComponent("editors")
            try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
            let token = try CLIFlowTests.token(of: cli)
            let racing = try CLIFlowTests.editor(in: scripts, named: "racing", script: """
                if [ ! -f "$0.done" ]; then
                  touch "$0.done"
                  curl -s -X PUT '\(cli.server)/api/qwinkle/v1/drafts/\(id)' -H 'Authorization: Bearer \(token)' -H 'Content-Type: application/json' \
                    -d '{"base_revision": 1, "kind": "update", "body": "We walked to the lake and it snowed.", "visibility": "public"}' > /dev/null
                  printf 'We walked to the old lake and it rained.' > "$1"
                fi
                """)
            let edited = await cli.run(["draft", "edit", id], environment: ["EDITOR": racing])
            #expect(edited.errors.contains("merge is clean"), "\(edited.errors)")
            #expect(edited.output == "Saved draft \(id) (revision 3).\n", "\(edited.output)\(edited.errors)")
            #expect(await cli.run(["draft", "show", id]).output.contains("We walked to the old lake and it snowed."))
        }
    }
}
