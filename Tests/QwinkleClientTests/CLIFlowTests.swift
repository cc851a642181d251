import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTestSupport
import Testing

@Suite("qwinkle: posting and reading")
struct CLIFlowTests {
    /// A 1×1 PNG, written to a file for `--photo`.
    static func photoFile(in folder: URL) throws -> String {
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
            0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41,
            0x54, 0x78, 0xDA, 0x63, 0xFC, 0xCF, 0xC0, 0x50, 0x0F, 0x00, 0x04, 0x85, 0x01, 0x80, 0x84, 0xA9, 0x8C, 0x21, 0x00, 0x00,
            0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        let url = folder.appendingPathComponent("photo.png")
        try Data(png).write(to: url)
        return url.path
    }

    @Test("post with a photo, follow, and read the home timeline")
    func postFollowRead() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let photo = try Self.photoFile(in: abe.home)
            let posted = await abe.run(["post", "Gave a short speech today.", "--photo", photo, "--alt", "The crowd", "--visibility", "followers"])
            #expect(posted.code == 0, "\(posted.errors)")
            #expect(posted.output.hasPrefix("Posted #"))
            #expect(await mary.run(["follow", "@abe"]).code == 0)
            let home = await mary.run(["timeline"])
            #expect(home.output.contains("@abe"))
            #expect(home.output.contains("Gave a short speech today."))
            #expect(home.output.contains(": The crowd]"))
            #expect(home.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
            let json = await mary.run(["timeline", "home", "--json"])
            let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
            #expect((decoded?["items"] as? [Any])?.count == 1)
            #expect(await mary.run(["following"]).output.contains("@abe"))
            #expect(await abe.run(["followers"]).output.contains("@mary"))
        }
    }

    @Test("An unlisted post is read by its link and on its author's page, in followers' home, never on the public timeline")
    func unlisted() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let cal = try abe.person("cal")
            await cal.signUp("cal")
            #expect(await mary.run(["follow", "@abe"]).code == 0)
            let posted = await abe.run(["post", "A quiet word.", "--visibility", "unlisted"])
            #expect(posted.code == 0, "\(posted.errors)")
            #expect(posted.output.contains("for everyone, unlisted"), "\(posted.output)")
            let id = String(posted.output.dropFirst("Posted #".count).prefix { $0.isNumber })
            #expect(await mary.run(["timeline"]).output.contains("A quiet word."), "in a follower's home")
            #expect(!(await cal.run(["timeline", "public"]).output.contains("A quiet word.")), "not on the public timeline")
            let shown = await cal.run(["show", id])
            #expect(shown.code == 0 && shown.output.contains("A quiet word.") && shown.output.contains("for everyone, unlisted"), "\(shown.output)")
        }
    }

    @Test("The length rule is checked before anything is sent, and the count shown")
    func lengthRule() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let photo = try Self.photoFile(in: cli.home)
            let over = await cli.run(["post", String(repeating: "a", count: 118), "--photo", photo])
            #expect(over.code == 1)
            #expect(over.errors == "qwinkle: Too long by 1 character: an entry for everyone may have 140, and this one counts 141.\n", "\(over.errors)")
            #expect(await cli.run(["timeline", "@abe"]).output.contains("Nothing in @abe yet."))
            let fromStdin = await cli.run(["journal"], input: ["Dear diary,", "a long day."])
            #expect(fromStdin.code == 0)
        }
    }

    @Test("A dream is shown as its card; a journal shared with a loved one reaches her")
    func dreamsAndJournals() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let dream = await abe.run(["dream", "Unicorns in the rain", "--creature", "pink-unicorn", "--effect", "rain", "--effect", "magic", "--count", "2"])
            #expect(dream.code == 0, "\(dream.errors)")
            let id = try #require(dream.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            let shown = await abe.run(["show", id])
            #expect(shown.output.contains("[dream: 2 × Pink unicorn; Magic, Rain]"))
            #expect(shown.output.contains("╭"), "the terminal card is drawn")

            #expect(await abe.run(["share-journal", "@mary"]).code == 0)
            #expect(await abe.run(["journal-readers"]).output.contains("@mary"))
            #expect(await abe.run(["journal", "For Mary only."]).code == 0)
            #expect(await mary.run(["timeline", "journal"]).output.contains("For Mary only."))
            #expect(await mary.run(["mark", id]).code == 0)
            #expect(await mary.run(["marked"]).output.contains("Unicorns in the rain"))
        }
    }

    @Test("share: a public entry reaches the sharer's followers, shared by them, with its counts; unshare takes it back; a journal entry is refused")
    func shares() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let cal = try abe.person("cal")
            await cal.signUp("cal")
            #expect(await mary.run(["follow", "@abe"]).code == 0)
            let posted = await cal.run(["post", "Worth passing on"])
            let id = try #require(posted.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            let shared = await abe.run(["share", id])
            #expect(shared.code == 0 && shared.output == "Shared #\(id) with your followers ⇄\n", "\(shared.output)\(shared.errors)")
            let home = await mary.run(["timeline"])
            #expect(home.output.contains("Worth passing on") && home.output.contains("⇄ shared by @abe"), "\(home.output)")
            #expect(home.output.contains("1 share"))
            #expect(await cal.run(["notifications"]).output.contains("shared your entry"))
            #expect(await abe.run(["unshare", id]).code == 0)
            #expect(!(await mary.run(["timeline"]).output.contains("Worth passing on")))

            let journal = await cal.run(["journal", "Mine alone"])
            let journalID = try #require(journal.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            let refused = await cal.run(["share", journalID])
            #expect(refused.code == 1 && refused.errors.contains("Only a public entry can be shared"), "\(refused.errors)")
        }
    }

    @Test("bookmark: the entry is in qwinkle bookmarks, marked 🔖; unbookmark takes it out")
    func bookmarks() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let posted = await abe.run(["post", "Read this again"])
            let id = try #require(posted.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            #expect(await abe.run(["bookmarks"]).output.contains("Nothing in your bookmarks yet."))
            #expect(await abe.run(["bookmark", id]).output == "Bookmarked #\(id)\n")
            let listed = await abe.run(["bookmarks"])
            #expect(listed.output.contains("Read this again") && listed.output.contains("🔖"), "\(listed.output)")
            #expect(await abe.run(["unbookmark", id]).code == 0)
            #expect(await abe.run(["bookmarks"]).output.contains("Nothing in your bookmarks yet."))
            let missing = await abe.run(["bookmark", "999999"])
            #expect(missing.code == 1 && !missing.errors.isEmpty)
        }
    }

    @Test("pin: the entry is in qwinkle pins, yours and as others ask for them, marked 📌; a journal entry is refused; unpin takes it out")
    func pins() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let posted = await abe.run(["post", "Read this first"])
            let id = try #require(posted.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            #expect(await abe.run(["pin", id]).output == "Pinned #\(id) to your profile\n")
            let mine = await abe.run(["pins"])
            #expect(mine.output.contains("Read this first") && mine.output.contains("📌"), "\(mine.output)")
            #expect(await mary.run(["pins", "@abe"]).output.contains("Read this first"))
            let diary = await abe.run(["post", "--visibility", "journal", "Dear diary"])
            let diaryID = try #require(diary.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            let refused = await abe.run(["pin", diaryID])
            #expect(refused.code == 1 && refused.errors.contains("journal"), "\(refused.errors)")
            let wrong = await abe.run(["pins", "abe"])
            #expect(wrong.code != 0 && wrong.errors.contains("@username"))
            #expect(await abe.run(["unpin", id]).output == "Unpinned #\(id)\n")
            #expect(!(await mary.run(["pins", "@abe"]).output.contains("Read this first")))
        }
    }

    @Test("Messages: send, list conversations, read one")
    func messages() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let sent = await mary.run(["message", "@abe", "Come", "home", "soon."])
            #expect(sent.code == 0, "\(sent.errors)")
            let conversations = await abe.run(["conversations"])
            #expect(conversations.output.contains("@abe, @mary") || conversations.output.contains("@mary, @abe"))
            #expect(conversations.output.contains("(new)") && conversations.output.contains("@mary: Come home soon."))
            #expect(!(await mary.run(["conversations"]).output.contains("(new)")), "what you send is read")
            let id = try #require(conversations.output.split(separator: " ").first.map(String.init))
            let read = await abe.run(["messages", id])
            #expect(read.output.contains("@mary") && read.output.contains("Come home soon."))
            #expect(!(await abe.run(["conversations"]).output.contains("(new)")), "reading it reads it everywhere")
            #expect(await abe.run(["message", "@nobody", "hi"]).code == 1)

            // A private note on Mary, the same one Mastodon apps and the web show.
            #expect(await abe.run(["note", "@mary"]).output.contains("No note on @mary yet."))
            #expect(await abe.run(["note", "@mary", "Likes", "owls."]).output.contains("Kept your note on @mary."))
            #expect(await abe.run(["note", "@mary"]).output.contains("Likes owls."))
            #expect(!(await mary.run(["note", "@abe"]).output.contains("Likes owls.")))
            #expect(await abe.run(["note", "@mary", "--clear"]).output.contains("No note on @mary now."))
            #expect(await abe.run(["note", "@mary", "x", "--clear"]).code != 0)
        }
    }

    @Test("edit: unchanged cancels; a conflict reopens the editor on the merge; markers left in are not sent")
    func edit() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let posted = await cli.run(["journal", "I dreamt of a pink unicorn. It was raining."])
            let id = try #require(posted.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            let scripts = cli.home.appendingPathComponent("editors")
            try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)

            let unchanged = try Self.editor(in: scripts, named: "unchanged", script: "true")
            #expect(await cli.run(["edit", id], environment: ["EDITOR": unchanged]).output.contains("Cancelled"))

            let simple = try Self.editor(in: scripts, named: "simple", script: #"printf 'I dreamt of a white unicorn. It was raining.\n' > "$1""#)
            let saved = await cli.run(["edit", id], environment: ["EDITOR": simple])
            #expect(saved.output.contains("as revision 2"), "\(saved.errors)")

            // Another device changes the entry while this editor is open; the merge is clean and is saved on reopening.
            let token = try Self.token(of: cli)
            let racing = try Self.editor(in: scripts, named: "racing", script: """
                if [ ! -f "$0.done" ]; then
                  touch "$0.done"
                  curl -s -X PUT '\(cli.server)/api/qwinkle/v1/entries/\(id)' -H 'Authorization: Bearer \(token)' -H 'Content-Type: application/json' \
                    -d '{"base_revision": 2, "kind": "journal", "body": "I dreamt of a white unicorn. It was snowing.", "visibility": "journal"}' > /dev/null
                  printf 'I dreamt of two white unicorns. It was raining.\\n' > "$1"
                fi
                """)
            let merged = await cli.run(["edit", id], environment: ["EDITOR": racing])
            #expect(merged.errors.contains("merge is clean"), "\(merged.errors)")
            #expect(merged.output.contains("as revision 4"), "\(merged.output)\(merged.errors)")
            let shown = await cli.run(["show", id])
            #expect(shown.output.contains("I dreamt of two white unicorns. It was snowing."))

            let stubborn = try Self.editor(in: scripts, named: "stubborn", script: #"printf '<<<<<<< theirs\na\n=======\nb\n>>>>>>> yours\n' > "$1""#)
            let refused = await cli.run(["edit", id], environment: ["EDITOR": stubborn])
            #expect(refused.code == 1 && refused.errors.contains("conflict markers"))
            #expect(await cli.run(["revisions", id]).output.split(separator: "\n").count == 4)
            #expect(await cli.run(["restore", id, "1"]).output.contains("as revision 5"))
        }
    }

    @Test("edit: someone else's entry is refused before any editor is needed; an edit keeps the entry's visibility")
    func editWhoseAndVisibility() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let posted = await abe.run(["post", "For my followers", "--visibility", "followers"])
            let id = try #require(posted.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            #expect(await mary.run(["follow", "@abe"]).code == 0)
            let theirs = await mary.run(["edit", id])
            #expect(theirs.code == 1, "\(theirs.errors)")
            #expect(theirs.errors == "qwinkle: #\(id) is @abe's entry; you can edit only your own.\n", "\(theirs.errors)")

            let scripts = abe.home.appendingPathComponent("editors")
            try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
            let editor = try Self.editor(in: scripts, named: "more", script: #"printf 'For my followers only' > "$1""#)
            #expect(await abe.run(["edit", id], environment: ["EDITOR": editor]).code == 0)
            let shown = await abe.run(["show", id, "--json"])
            #expect(shown.output.contains(#""visibility" : "followers""#), "\(shown.output)")
            #expect(!(await abe.run(["timeline", "public"]).output.contains("For my followers only")))

            // --visibility is part of the edit: saved though the text stays, and only when it changes anything.
            let unchanged = try Self.editor(in: scripts, named: "unchanged", script: "true")
            let same = await abe.run(["edit", id, "--visibility", "followers"], environment: ["EDITOR": unchanged])
            #expect(same.output.contains("Cancelled"), "\(same.output)\(same.errors)")
            let narrowed = await abe.run(["edit", id, "--visibility", "private"], environment: ["EDITOR": unchanged])
            #expect(narrowed.output.contains("as revision 3"), "\(narrowed.output)\(narrowed.errors)")
            #expect(await abe.run(["show", id, "--json"]).output.contains(#""visibility" : "private""#))
            #expect(await mary.run(["show", id]).code == 1, "no longer readable by a follower")
        }
    }

    @Test("messages takes @username as well as an ID; conversations shows each one's latest message")
    func messagesByUsername() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            let tad = try abe.person("tad")
            await tad.signUp("tad")
            #expect(await mary.run(["message", "@abe", "Come home soon."]).code == 0)
            #expect(await abe.run(["message", "@mary", "On my way.\nTwenty minutes."]).code == 0)
            #expect(await tad.run(["message", "@abe", "@mary", "Dinner?"]).code == 0)

            let read = await abe.run(["messages", "@mary"])
            #expect(read.code == 0, "\(read.errors)")
            #expect(read.output.contains("Come home soon.") && read.output.contains("On my way."), "\(read.output)")
            #expect(!read.output.contains("Dinner?"), "only the conversation of abe and mary")
            #expect(await abe.run(["messages", "mary", "@tad"]).output.contains("Dinner?"))
            let none = await abe.run(["messages", "@tad"])
            #expect(none.code == 1)
            #expect(none.errors.contains("no conversation with @tad"), "\(none.errors)")

            let listed = await abe.run(["conversations"])
            #expect(listed.output.contains("    @tad: Dinner?\n"), "\(listed.output)")
            #expect(listed.output.contains("    @abe: On my way. Twenty minutes.\n"), "\(listed.output)")
            #expect(!listed.output.contains("Come home soon."), "the latest message only")
        }
    }

    @Test("A photo without alt text: asked for at a terminal; a script is told how to give it")
    func altText() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let photo = try Self.photoFile(in: cli.home)
            let asked = await cli.run(["post", "The crowd", "--photo", photo], input: ["People on a hillside"], terminal: true)
            #expect(asked.code == 0, "\(asked.errors)")
            let id = try #require(asked.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            #expect(await cli.run(["show", id]).output.contains(": People on a hillside]"))

            let drafted = await cli.run(["draft", "save", "A draft", "--photo", photo], input: ["A hillside"], terminal: true)
            #expect(drafted.code == 0, "\(drafted.errors)")
            #expect(await cli.run(["drafts", "--json"]).output.contains(#""alt" : "A hillside""#))

            let scripted = await cli.run(["post", "The crowd again", "--photo", photo])
            #expect(scripted.code == 0, "\(scripted.errors)")
            #expect(scripted.errors.contains("photo.png has no alt text"), "\(scripted.errors)")
            #expect(scripted.errors.contains("--alt TEXT"))
            let help = await cli.run(["post", "--help"]).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("Left out at a terminal, it is asked for; in scripts, give it here"), "\(help)")
        }
    }

    static func editor(in folder: URL, named name: String, script: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    static func token(of cli: CLIHarness) throws -> String {
        let data = try Data(contentsOf: cli.home.appendingPathComponent(".config/qwinkle/credentials.json"))
        let text = String(decoding: data, as: UTF8.self)
        let range = try #require(text.range(of: #""token" : ""#))
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
}

@Suite("qwinkle: downloads")
struct CLIDownloadTests {
    @Test("download saves an entry's photos and a dream's card, verified against the server")
    func download() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let photo = try CLIFlowTests.photoFile(in: cli.home)
            let posted = await cli.run([
                "dream", "Sharks", "--creature", "shark", "--photo", photo, "--visibility", "private",
            ])
            let id = try #require(posted.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            let folder = cli.home.appendingPathComponent("downloads")
            let run = await cli.run(["download", id, "--to", folder.path])
            #expect(run.code == 0, "\(run.errors)")
            let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(saved == ["qwinkle-\(id)-card.svg", "qwinkle-\(id)-photo-1.png"], "a photo is named with the extension its bytes call for")

            // The files must be what the server serves, byte for byte, not merely files of the right names.
            let token = try CLIFlowTests.token(of: cli)
            let photoID = try #require(try await TestHTTP.photoIDs(ofEntry: id, on: cli.server, token: token).first)
            let servedPhoto = try await TestHTTP.get("\(cli.server)/api/qwinkle/v1/photos/\(photoID)", token: token)
            #expect(servedPhoto.status == 200)
            let savedPhoto = folder.appendingPathComponent("qwinkle-\(id)-photo-1.png")
            #expect(try Data(contentsOf: savedPhoto) == servedPhoto.body, "the photo's bytes")
            let etag = try #require(servedPhoto.header("ETag"))
            #expect(sha256(of: savedPhoto) == ContentHash(etag: etag), "the photo's hash is the one the server names")
            let servedCard = try await TestHTTP.get("\(cli.server)/api/qwinkle/v1/entries/\(id)/card.svg", token: token)
            #expect(servedCard.status == 200)
            let savedCard = try Data(contentsOf: folder.appendingPathComponent("qwinkle-\(id)-card.svg"))
            #expect(savedCard == servedCard.body, "the card's bytes")
            #expect(String(decoding: savedCard, as: UTF8.self).contains("<svg"))
            #expect(await cli.run(["download", "999"]).code == 1)
        }
    }
}
