import Foundation
import QwinkleClient
import QwinkleKit
import Synchronization
import Testing

@Suite("qwinkle: replies, threads and tags")
struct CLIConversationTests {
    /// The ID in "Posted #ID (…)." output.
    static func postedID(_ output: String) throws -> String {
        try #require(output.split(separator: "#").dropFirst().first?.split(separator: " ").first.map(String.init), "\(output)")
    }

    @Test("A reply is shown indented under its entry in the thread, saying whom it answers")
    func replyThenThread() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let root = try Self.postedID(await abe.run(["post", "Gave a short speech today."]).output)
            let reply = await mary.run(["reply", root, "Well said, @abe!"])
            #expect(reply.code == 0, "\(reply.errors)")
            #expect(reply.output.contains("(an update for everyone) in reply to #\(root)."), "\(reply.output)")
            let replyID = try Self.postedID(reply.output)
            let deeper = await abe.run(["reply", replyID, "Thank you."])
            #expect(deeper.code == 0, "\(deeper.errors)")

            let thread = await abe.run(["thread", root])
            #expect(thread.code == 0, "\(thread.errors)")
            let lines = thread.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.contains { $0.hasPrefix("#\(root)  @abe") && $0.contains("· 1 reply") }, "\(thread.output)")
            #expect(lines.contains { $0.hasPrefix("  #\(replyID)  @mary") }, "a direct reply is indented one level: \(thread.output)")
            #expect(lines.contains("      ↳ replying to @abe (entry #\(root))"), "\(thread.output)")
            #expect(lines.contains("      Well said, @abe!"), "\(thread.output)")
            #expect(lines.contains { $0.hasPrefix("    #") && $0.contains("@abe") }, "a reply to a reply is two levels in: \(thread.output)")

            let json = await abe.run(["thread", root, "--json"])
            let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let replies = try #require(decoded["replies"] as? [[String: Any]])
            #expect(replies.map { $0["depth"] as? Int } == [1, 2])
            let replyJSON = try #require(await mary.run(["reply", root, "Again, @abe.", "--json"]).output.data(using: .utf8))
            let replyObject = try JSONSerialization.jsonObject(with: replyJSON) as? [String: Any]
            #expect(replyObject?["reply"] != nil, "the reply says what it answers: \(String(decoding: replyJSON, as: UTF8.self))")
            #expect(((replyObject?["entry"] as? [String: Any])?["mentions"] as? [Any])?.count == 1)

            let notes = await abe.run(["notifications"])
            #expect(notes.output.contains("@mary replied to your entry  (entry #\(replyID))"), "\(notes.output)")
        }
    }

    @Test("A reply wider than its entry is refused without --wider (one line, exit 1) and posted with it")
    func widerReply() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let root = try Self.postedID(await abe.run(["post", "For my followers.", "--visibility", "followers"]).output)
            let defaulted = await abe.run(["reply", root, "Same readers."])
            #expect(defaulted.output.contains("(an update for followers)"), "the parent's visibility by default: \(defaulted.output)")
            let refused = await abe.run(["reply", root, "For everyone.", "--visibility", "public"])
            #expect(refused.code == 1, "\(refused.errors)")
            #expect(refused.errors.hasPrefix("qwinkle: "))
            #expect(refused.errors.split(separator: "\n").count == 1, "\(refused.errors)")
            let accepted = await abe.run(["reply", root, "For everyone.", "--visibility", "public", "--wider"])
            #expect(accepted.code == 0, "\(accepted.errors)")
            #expect(accepted.output.contains("(an update for everyone)"))
        }
    }

    @Test("tag lists the tagged entries whatever the tag's case")
    func tagTimeline() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            #expect(await abe.run(["post", "Morning #Coffee on the porch."]).code == 0)
            #expect(await abe.run(["post", "Tea, for a change."]).code == 0)
            let tagged = await abe.run(["tag", "coffee"])
            #expect(tagged.code == 0, "\(tagged.errors)")
            #expect(tagged.output.contains("Morning #Coffee on the porch."))
            #expect(!tagged.output.contains("Tea, for a change."))
            let json = await abe.run(["tag", "#COFFEE", "--json"])
            let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
            let items = try #require(decoded?["items"] as? [[String: Any]])
            #expect(items.count == 1)
            #expect((items.first?["tags"] as? [Any])?.isEmpty == false, "\(json.output)")
        }
    }

    @Test("A reply written offline is queued, and sync sends it as a reply")
    func offlineReply() async throws {
        let bed = try OfflineTestBed()
        let root = Mutex<String?>(nil)
        let cli = try await CLIOfflineTests.signedUp(on: bed) { cli in
            let id = try Self.postedID(await cli.run(["post", "Before the outage."]).output)
            root.withLock { $0 = id }
        }
        let parent = try #require(root.withLock { $0 })
        do {
            let down = try bed.unlistened()
            defer { down.release() }
            let unnamed = await cli.run(["reply", parent, "Offline answer."])
            #expect(unnamed.code == 3)
            #expect(unnamed.errors.contains("--visibility"), "\(unnamed.errors)")
            let queued = await cli.run(["reply", parent, "Offline answer.", "--visibility", "public"])
            #expect(queued.code == 3, "\(queued.errors)")
            #expect(queued.errors.contains("The reply is queued — run `qwinkle sync`"), "\(queued.errors)")
        }
        try await bed.live { _ in
            let sync = await cli.run(["sync"])
            #expect(sync.code == 0, "\(sync.errors)")
            let thread = await cli.run(["thread", parent])
            #expect(thread.output.contains("      Offline answer."), "\(thread.output)")
            #expect(thread.output.contains("↳ replying to @abe (entry #\(parent))"), "\(thread.output)")
        }
    }
}
