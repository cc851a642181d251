import Foundation
import QwinkleKit
import QwinkleTestSupport
import Testing

@Suite("qwinkle: output")
struct CLIOutputTests {
    /// Runs the built `qwinkle ARGUMENTS` with its standard output a pipe whose reader is `reader` (a shell command),
    /// against the test server; the result's output is "status N", N qwinkle's exit status as the shell sees it.
    static func piped(_ arguments: [String], into reader: String, cli: CLIHarness) async throws -> QwinkleProcess.Finished {
        let process = try QwinkleProcess(
            arguments, environment: ["HOME": cli.home.path, "QWINKLE_SERVER": cli.server, "PATH": "/usr/bin:/bin"],
            wrapper: ["bash", "-c", #"{ sleep 0.3; exec "$0" "$@"; } | \#(reader) > /dev/null; echo "status ${PIPESTATUS[0]}""#]
        )
        return await process.finished()
    }

    @Test("A pipe closed early ends the command quietly, as `git log | head` does: no crash, no message")
    func closedPipe() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            for number in 1...5 { #expect(await cli.run(["post", "Entry \(number)"]).code == 0) }
            // The reader is gone before qwinkle writes a byte (it starts 0.3 s later), so every write meets EPIPE.
            for arguments in [["show", "1"], ["timeline", "public"], ["timeline"]] {
                let ended = try await Self.piped(arguments, into: "true", cli: cli)
                #expect(ended.output == "status 141\n", "\(arguments): \(ended.output)")
                #expect(ended.errors.isEmpty, "\(arguments): \(ended.errors)")
            }
            let head = try await Self.piped(["timeline", "public"], into: "head -1", cli: cli)
            #expect(head.output == "status 141\n" || head.output == "status 0\n", "\(head.output)")
            #expect(head.errors.isEmpty, "\(head.errors)")
        }
    }

    @Test("Counts agree with their nouns, and a kind and a visibility that share a word are told apart")
    func wording() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let over = await cli.run(["post", String(repeating: "a", count: 200)])
            #expect(over.errors == "qwinkle: Too long by 60 characters: an entry for everyone may have 140, and this one counts 200.\n")
            #expect(!over.errors.contains("-60"))
            let id = try CLIDraftTests.draftID(in: await cli.run(["draft", "save", String(repeating: "a", count: 139)]).output)
            let shown = await cli.run(["draft", "show", id])
            #expect(shown.output.contains("\n1 character left; ready to post"), "\(shown.output)")
            let long = try CLIDraftTests.draftID(in: await cli.run(["draft", "save", String(repeating: "a", count: 141)]).output)
            let refused = await cli.run(["draft", "post", long])
            #expect(!refused.errors.contains("-1 characters"), "\(refused.errors)")
            #expect(refused.errors.contains("Too long by 1 character: "), "\(refused.errors)")

            let journal = await cli.run(["journal", "Dear diary"])
            #expect(journal.output.contains("(a journal entry for journal readers)"), "\(journal.output)")
            let entryID = try #require(journal.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            let entry = await cli.run(["show", entryID])
            #expect(entry.output.contains(" · journal entry for journal readers"), "\(entry.output)")
            #expect(!entry.output.contains("journal · journal"))

            let photo = try CLIFlowTests.photoFile(in: cli.home)
            let avatar = await cli.run(["avatar", photo])
            #expect(avatar.output == "photo.png is your avatar now.\n", "\(avatar.output)")
            #expect(!(await cli.run(["profile"]).output.contains("Avatar: photo")))
        }
    }

    @Test("Plural: one entry, two entries, no photos")
    func plural() {
        #expect(Plural.count(1, "entry", "entries") == "1 entry")
        #expect(Plural.count(2, "entry", "entries") == "2 entries")
        #expect(Plural.count(0, "photo") == "0 photos")
        #expect(Plural.count(-1, "character") == "-1 character")
    }
}
