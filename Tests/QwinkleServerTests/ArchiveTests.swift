import Foundation
import HTTPTypes
import QwinkleArchive
import QwinkleTestSupport
import Testing
import ZIPFoundation

/// An account's archive: exported as one ZIP holding every file of docs/archive-format.md, and imported into an
/// account on any server, once, with bad archives refused whole.
@Suite("Archive")
struct ArchiveTests {
    /// 2026-11-20 08:00 UTC: the test's days are fixed, so the journal's file names are known.
    static let start = Date(timeIntervalSince1970: 1_795_161_600)

    @Test("The archive holds the profile, every entry with its revisions, the photos' bytes, follows, journal readers, messages and a Markdown file a day")
    func exportHoldsEveryFile() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now) { api in
            let (abe, photo) = try await Self.writeHistory(api, clock: clock)
            let response = try await api.get("/api/qwinkle/v1/accounts/me/archive", token: abe.token)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/zip")
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"qwinkle-abe-2026-11-21.zip\"")
            let zip = try ZIPFiles(response.bytes)
            #expect(Set(zip.paths).isSuperset(of: [
                "manifest.json", "account.json", "entries.json", "following.json", "journal-readers.json", "messages.json",
                "photos/\(photo).png", "journal/2026-11-20.md", "journal/2026-11-21.md",
            ]))
            let manifest = try zip.json("manifest.json")
            #expect(manifest["format"].string == "qwinkle-archive")
            #expect(manifest["format_version"].int == 1)
            #expect(manifest["username"].string == "abe")
            #expect(try zip.json("account.json")["username"].string == "abe")
            #expect(try zip.json("account.json")["email"] == .null, "no email address leaves the server")

            let entries = try zip.json("entries.json")["entries"].array
            #expect(entries.map { $0["body"].string } == ["Coffee at the lake", "Sharks in the snow", "Dear diary"], "oldest first")
            #expect(entries[0]["revisions"].array.map { $0["body"].string } == ["Cofee at the lake", "Coffee at the lake"])
            #expect(entries[0]["photos"][0]["file"].string == "photos/\(photo).png")
            #expect(entries[0]["photos"][0]["alt"].string == "the lake")
            #expect(entries[0]["edited_at"].string != nil)
            #expect(entries[1]["dream"]["creature"].string == "shark")
            #expect(entries[2]["visibility"].string == "journal")
            #expect(!entries.contains { $0["body"].string == "Thrown away" }, "the trash stays out")

            let served = try await api.get("/api/qwinkle/v1/photos/\(photo)", token: abe.token).bytes
            #expect(try zip.bytes("photos/\(photo).png") == served, "the photo's bytes as stored")

            let firstDay = try zip.text("journal/2026-11-20.md")
            #expect(firstDay.hasPrefix("# 2026-11-20\n"))
            #expect(firstDay.contains("time: 2026-11-20T08:00:00"))
            #expect(firstDay.contains("visibility: public"))
            #expect(firstDay.contains("kind: update"))
            #expect(firstDay.contains("  - file: ../photos/\(photo).png\n    alt: \"the lake\""))
            #expect(firstDay.contains("Coffee at the lake\n\n![the lake](../photos/\(photo).png)"))
            #expect(firstDay.contains("**Dream:** 2 × Shark, with Snow."))
            let secondDay = try zip.text("journal/2026-11-21.md")
            #expect(secondDay.contains("Dear diary"))
            #expect(secondDay.contains("visibility: journal"))
            #expect(!secondDay.contains("Coffee"), "one file a day")

            #expect(try zip.json("following.json")["following"].array.map { $0["username"].string } == ["bea"])
            #expect(try zip.json("journal-readers.json")["journal_readers"].array.map { $0["username"].string } == ["cyd"])
            let conversation = try zip.json("messages.json")["conversations"][0]
            #expect(conversation["participants"].array.map(\.string) == ["abe", "bea"])
            #expect(conversation["messages"][0]["body"].string == "See you at the lake")
            #expect(conversation["messages"][0]["from"].string == "abe")
        }
    }

    @Test("The archive is sent as it is made (chunked, no Content-Length), page after page of entries, all of them in order")
    func exportStreamsManyEntries() async throws {
        try await TestServer.run(live: true) { api in
            let abe = try await api.signUp("abe")
            for index in 0..<250 {
                _ = try await api.postEntry("Entry \(index)", as: abe)
            }
            let response = try await api.get("/api/qwinkle/v1/accounts/me/archive", token: abe.token)
            #expect(response.status == .ok)
            #expect(response.headers[.contentLength] == nil)
            #expect(response.headers[.transferEncoding] == "chunked")
            let zip = try ZIPFiles(response.bytes)
            let bodies = try zip.json("entries.json")["entries"].array.map { $0["body"].string }
            #expect(bodies == (0..<250).map { "Entry \($0)" })
            #expect(try zip.text(zip.paths.first { $0.hasPrefix("journal/") } ?? "").components(separatedBy: "\ntime: ").count == 251, "every entry of the day in its file")
        }
    }

    @Test("Export needs a signed-in account")
    func exportNeedsAnAccount() async throws {
        try await TestServer.run { api in
            let response = try await api.get("/api/qwinkle/v1/accounts/me/archive")
            #expect(response.status == .unauthorized)
        }
    }

    @Test("An exported account imported into another server shows the same entries, photos and journal Markdown; follows are made for usernames that exist there")
    func twoServers() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now) { first in
            let (abe, _) = try await Self.writeHistory(first, clock: clock)
            let archive = try await first.get("/api/qwinkle/v1/accounts/me/archive", token: abe.token).bytes

            try await TestServer.run(clock: clock.now) { second in
                let exported = try ZIPFiles(archive)
                let abeThere = try await second.signUp("abe")
                _ = try await second.signUp("bea")
                let imported = try await second.request(
                    .post, "/api/qwinkle/v1/accounts/me/archive", token: abeThere.token, body: exported.archive, contentType: "application/zip"
                )
                #expect(imported.status == .ok, "\(imported.json)")
                #expect(imported.json["format"].string == "qwinkle")
                #expect(imported.json["entries_imported"].int == 3)
                #expect(imported.json["entries_already_present"].int == 0)
                #expect(imported.json["photos_imported"].int == 1)
                #expect(imported.json["following"].array.map(\.string) == ["bea"])
                #expect(imported.json["following_not_found"].array.isEmpty)
                #expect(imported.json["journal_readers"].array.isEmpty)
                #expect(imported.json["journal_readers_not_found"].array.map(\.string) == ["cyd"])

                let again = try ZIPFiles(try await second.get("/api/qwinkle/v1/accounts/me/archive", token: abeThere.token).bytes)
                let before = try exported.json("entries.json")["entries"].array
                let after = try again.json("entries.json")["entries"].array
                #expect(after.map(Self.comparable) == before.map(Self.comparable))
                let filesBefore = before.flatMap { $0["photos"].array }.compactMap { $0["file"].string }
                let filesAfter = after.flatMap { $0["photos"].array }.compactMap { $0["file"].string }
                #expect(filesBefore.count == 1 && filesAfter.count == 1)
                var photosBefore: [[UInt8]] = []
                for file in filesBefore { photosBefore.append(try exported.bytes(file)) }
                var photosAfter: [[UInt8]] = []
                for file in filesAfter { photosAfter.append(try again.bytes(file)) }
                #expect(photosAfter == photosBefore, "the same photos' bytes")
                for day in ["journal/2026-11-20.md", "journal/2026-11-21.md"] {
                    #expect(Self.withoutPhotoIDs(try again.text(day)) == Self.withoutPhotoIDs(try exported.text(day)))
                }
                #expect(try again.json("following.json")["following"].array.map { $0["username"].string } == ["bea"])
            }
        }
    }

    @Test("Replies keep their thread within the account through an archive; a reply to someone else's entry keeps its address")
    func repliesTravel() async throws {
        try await TestServer.run { first in
            let abe = try await first.signUp("abe")
            let bea = try await first.signUp("bea")
            let root = try #require(try await first.post("Soup recipes #Cooking", as: abe)["id"].string)
            let own = try #require(try await ConversationTests.reply("Add ginger", to: root, as: abe, api: first).json["id"].string)
            _ = try await ConversationTests.reply("And lime", to: own, as: abe, api: first)
            let beas = try #require(try await first.post("Bread?", as: bea)["id"].string)
            _ = try await ConversationTests.reply("Yes, rye", to: beas, as: abe, api: first)
            let bytes = try await first.get("/api/qwinkle/v1/accounts/me/archive", token: abe.token).bytes
            let entries = try ZIPFiles(bytes).json("entries.json")["entries"].array
            #expect(entries.map { $0["in_reply_to"]["entry_id"].string } == [nil, root, own, nil])
            #expect(entries[3]["in_reply_to"]["url"].string?.hasSuffix("/entries/\(beas)") == true)
            #expect(entries[0]["tags"].array.compactMap(\.string) == ["cooking"])

            try await TestServer.run { second in
                let there = try await second.signUp("abe")
                let imported = try await second.request(
                    .post, "/api/qwinkle/v1/accounts/me/archive", token: there.token, body: bytes, contentType: "application/zip"
                )
                #expect(imported.status == .ok, "\(imported.json)")
                #expect(imported.json["entries_imported"].int == 4)
                #expect(imported.json["warnings"].array.compactMap(\.string).contains { $0.hasPrefix("1 reply to other people's entries") })
                let mine = try await second.get("/api/qwinkle/v1/accounts/abe/entries", token: there.token).json.array
                let newRoot = try #require(mine.first { $0["body"].string == "Soup recipes #Cooking" }?["id"].string)
                let thread = try await second.get("/api/qwinkle/v1/entries/\(newRoot)/context", token: there.token).json
                #expect(thread["replies"].array.compactMap { $0["entry"]["body"].string } == ["Add ginger", "And lime"])
                #expect(thread["replies"].array.compactMap { $0["depth"].int } == [1, 2])
                #expect(mine.first { $0["body"].string == "Yes, rye" }?["is_reply"].bool == false)
                #expect(try await second.get("/api/qwinkle/v1/timelines/tag/cooking").json.ids == [newRoot])
            }
        }
    }

    @Test("Importing the same archive twice stores nothing new")
    func importIsIdempotent() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now) { api in
            let (abe, _) = try await Self.writeHistory(api, clock: clock)
            let archive = try await api.get("/api/qwinkle/v1/accounts/me/archive", token: abe.token).bytes
            let zed = try await api.signUp("zed")
            let first = try await api.request(.post, "/api/qwinkle/v1/accounts/me/archive", token: zed.token, body: archive, contentType: "application/zip")
            #expect(first.json["entries_imported"].int == 3)
            let second = try await api.request(.post, "/api/qwinkle/v1/accounts/me/archive", token: zed.token, body: archive, contentType: "application/zip")
            #expect(second.status == .ok)
            #expect(second.json["entries_imported"].int == 0)
            #expect(second.json["entries_already_present"].int == 3)
            #expect(second.json["photos_imported"].int == 0)
            let zedsEntries = try await api.get("/api/qwinkle/v1/accounts/zed/entries", token: zed.token).json.array
            #expect(zedsEntries.map { $0["body"].string } == ["Dear diary", "Sharks in the snow", "Coffee at the lake"])
            #expect(zedsEntries[2]["created_at"].string == "2026-11-20T08:00:00.000Z" || zedsEntries[2]["created_at"].string == "2026-11-20T08:00:00Z")
            #expect(zedsEntries[2]["revision"].int == 2, "the revisions came with it")
            #expect(zedsEntries.allSatisfy { $0["imported_at"].string != nil }, "marked as imported")
            let abesEntries = try await api.get("/api/qwinkle/v1/accounts/abe/entries", token: abe.token).json.array
            #expect(abesEntries.allSatisfy { $0["imported_at"] == .null }, "entries written here are not")
            let page = try await api.get("/entries/\(try #require(zedsEntries[2]["id"].string))", token: zed.token)
            #expect(String(decoding: page.bytes, as: UTF8.self).contains("<span class=\"imported\">imported</span>"))
        }
    }

    @Test("An archive imported back into the account that made it, on the same server, gives back only the entries gone since")
    func importIntoTheSameAccount() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now) { api in
            let (abe, _) = try await Self.writeHistory(api, clock: clock)
            let archive = try await api.get("/api/qwinkle/v1/accounts/me/archive", token: abe.token).bytes
            let same = try await api.request(.post, "/api/qwinkle/v1/accounts/me/archive", token: abe.token, body: archive, contentType: "application/zip")
            #expect(same.status == .ok)
            #expect(same.json["entries_imported"].int == 0)
            #expect(same.json["entries_already_present"].int == 3)
            let entries = try await api.get("/api/qwinkle/v1/accounts/abe/entries", token: abe.token).json
            let dearDiary = try #require(entries.array.first { $0["body"].string == "Dear diary" }?["id"].string)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(dearDiary)", token: abe.token).status == .noContent)
            let back = try await api.request(.post, "/api/qwinkle/v1/accounts/me/archive", token: abe.token, body: archive, contentType: "application/zip")
            #expect(back.json["entries_imported"].int == 1, "the deleted entry comes back from the archive")
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/entries", token: abe.token).json.array.count == 3)
        }
    }

    @Test("A bad archive is refused with its reason, and nothing is imported", arguments: BadArchive.allCases)
    func badArchiveIsRefused(_ bad: BadArchive) async throws {
        try await TestServer.withTemporaryData(archiveLimits: ArchiveLimits(maxFileBytes: 1 << 20, maxTotalBytes: 4 << 20, maxFiles: 100)) { server in
            try await server.test { client in
                let api = APIClient(client: client)
                let zed = try await api.signUp("zed")
                _ = try await api.signUp("bea")
                let response = try await api.request(
                    .post, "/api/qwinkle/v1/accounts/me/archive", token: zed.token, body: try bad.bytes(), contentType: "application/zip"
                )
                #expect(response.status == .unprocessableContent, "\(response.json)")
                #expect(response.errorCode == bad.code)
                if bad == .dreamWithoutDetails {
                    #expect(response.json["error"]["message"].string?.contains("entries[0].dream is wrong: A dream needs") == true, "\(response.json)")
                }
                #expect(try await api.get("/api/qwinkle/v1/accounts/zed/entries", token: zed.token).json.array.isEmpty)
                #expect(try await api.get("/api/qwinkle/v1/accounts/zed/following", token: zed.token).json.array.isEmpty)
            }
        }
    }

    @Test("An archive upload past the limit is refused with 413")
    func uploadPastTheLimit() async throws {
        try await TestServer.withTemporaryData(maxArchiveBytes: 1024) { server in
            try await server.test { client in
                let api = APIClient(client: client)
                let zed = try await api.signUp("zed")
                let response = try await api.request(
                    .post, "/api/qwinkle/v1/accounts/me/archive", token: zed.token, body: Array(repeating: 0, count: 4096), contentType: "application/zip"
                )
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    // MARK: - Helpers

    /// Abe's history: an edited update with a photo and a dream on the first day, a journal entry on the second, an
    /// entry in the trash, a follow, a journal reader and a message.
    static func writeHistory(_ api: APIClient, clock: FakeClock) async throws -> (User, String) {
        let abe = try await api.signUp("abe")
        let bea = try await api.signUp("bea")
        let cy = try await api.signUp("cyd")
        let photo = try await api.upload(as: abe)
        let entry = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: """
            {"kind": "update", "body": "Cofee at the lake", "visibility": "public", "photos": [{"id": "\(photo)", "alt": ""}]}
            """)
        let id = try #require(entry.json["id"].string)
        clock.advance(by: 300)
        let edit = try await api.request(.put, "/api/qwinkle/v1/entries/\(id)", token: abe.token, json: """
            {"base_revision": 1, "kind": "update", "body": "Coffee at the lake", "visibility": "public", "photos": [{"id": "\(photo)", "alt": "the lake"}]}
            """)
        #expect(edit.status == .ok, "\(edit.json)")
        clock.advance(by: 300)
        try await api.post("Sharks in the snow", as: abe, kind: "dream", dream: #"{"creature": "shark", "effects": ["snow"], "number_of_creatures": 2}"#)
        let trashed = try await api.post("Thrown away", as: abe)
        #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(try #require(trashed["id"].string))", token: abe.token).status == .noContent)
        clock.advance(by: 86_400)
        try await api.post("Dear diary", as: abe, visibility: "journal", kind: "journal")
        try await api.follow(bea, by: abe)
        try await api.shareJournal(of: abe, with: cy)
        let message = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["bea"], "body": "See you at the lake"}"#)
        #expect(message.status == .created, "\(message.json)")
        return (abe, photo)
    }

    /// What must survive an import: everything but IDs and photo file names.
    static func comparable(_ entry: JSON) -> String {
        let dream = entry["dream"]
        var fields = [
            entry["kind"], entry["body"], entry["visibility"], entry["created_at"], entry["edited_at"], dream["creature"],
            dream["number_of_creatures"], dream["effects"],
        ].map { "\($0)" }
        fields += entry["photos"].array.map { "alt: \($0["alt"])" }
        fields += entry["revisions"].array.map { "\($0["revision"]) \($0["body"]) \($0["created_at"])" }
        return fields.joined(separator: "|")
    }

    /// Markdown with photos' IDs (which each server gives its own) taken out.
    static func withoutPhotoIDs(_ text: String) -> String {
        text.replacing(/photos\/[0-9]+\./, with: "photos/#.")
    }
}

/// The ways an archive can be bad, each with the code it is refused with.
enum BadArchive: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case notAZIP, missingManifest, missingEntries, wrongVersion, escapingPath, photoNotAnImage, bomb, bombWithLyingHeader, dreamWithoutDetails

    var testDescription: String { rawValue }

    var code: String {
        switch self {
        case .notAZIP: "not_an_archive"
        case .missingManifest, .missingEntries: "archive_file_missing"
        case .wrongVersion: "archive_format_unsupported"
        case .escapingPath: "archive_path_unsafe"
        case .photoNotAnImage: "archive_photo_not_an_image"
        case .bomb, .bombWithLyingHeader: "archive_too_large"
        case .dreamWithoutDetails: "archive_damaged"
        }
    }

    func bytes() throws -> [UInt8] {
        let manifest = #"{"format": "qwinkle-archive", "format_version": 1, "exported_at": "2026-11-20T08:00:00Z", "server": "https://elsewhere.example", "username": "zed"}"#
        let account = #"{"username": "zed", "display_name": "", "bio": "", "created_at": "2026-01-01T00:00:00Z"}"#
        let entry = #"{"entries": [{"id": "1", "kind": "update", "body": "Hello", "visibility": "public", "created_at": "2026-11-20T08:00:00Z", "photos": [], "revisions": []}]}"#
        var files: [(String, [UInt8])] = [
            ("manifest.json", Array(manifest.utf8)), ("account.json", Array(account.utf8)), ("entries.json", Array(entry.utf8)),
            ("following.json", Array(#"{"following": [{"username": "bea"}]}"#.utf8)),
            ("journal-readers.json", Array(#"{"journal_readers": []}"#.utf8)),
        ]
        switch self {
        case .notAZIP:
            return Array("This is not a ZIP file, only some text.".utf8)
        case .missingManifest:
            files.removeAll { $0.0 == "manifest.json" }
        case .missingEntries:
            files.removeAll { $0.0 == "entries.json" }
        case .wrongVersion:
            files[0].1 = Array(manifest.replacingOccurrences(of: "\"format_version\": 1", with: "\"format_version\": 99").utf8)
        case .escapingPath:
            // Written as `zz/evil.txt` and renamed in the bytes: the writer itself refuses such a path.
            files.append(("zz/evil.txt", Array("escaped".utf8)))
            return Self.replacing(Array("zz/evil.txt".utf8), with: Array("../evil.txt".utf8), in: try Self.zip(files))
        case .dreamWithoutDetails:
            files[2].1 = Array(entry.replacingOccurrences(of: #""kind": "update""#, with: #""kind": "dream""#).utf8)
        case .photoNotAnImage:
            files[2].1 = Array(entry.replacingOccurrences(of: #""photos": []"#, with: #""photos": [{"file": "photos/1.png", "alt": ""}]"#).utf8)
            files.append(("photos/1.png", Array("not a picture at all".utf8)))
        case .bomb:
            // 2 MiB of spaces in entries.json (valid JSON, if it were read), past the 1 MiB a file may expand to.
            files[2].1 = Array(repeating: UInt8(ascii: " "), count: 2 << 20) + Array(entry.utf8)
        case .bombWithLyingHeader:
            // The same, with the sizes in the central directory rewritten to claim 100 bytes.
            files[2].1 = Array(repeating: UInt8(ascii: " "), count: 2 << 20) + Array(entry.utf8)
            return Self.lyingAboutSizes(try Self.zip(files))
        }
        return try Self.zip(files)
    }

    static func zip(_ files: [(String, [UInt8])]) throws -> [UInt8] {
        var writer = ZIPStreamWriter()
        var out: [UInt8] = []
        for (path, bytes) in files {
            out += try writer.startFile(path, method: .deflate)
            out += try writer.write(bytes)
            out += try writer.finishFile()
        }
        return out + (try writer.finish())
    }

    static func replacing(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        var index = 0
        while index + old.count <= bytes.count {
            if Array(bytes[index..<index + old.count]) == old {
                bytes.replaceSubrange(index..<index + old.count, with: new)
            }
            index += 1
        }
        return bytes
    }

    /// Every central directory record's uncompressed size set to 100.
    static func lyingAboutSizes(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        var index = 0
        while index + 46 <= bytes.count {
            if bytes[index..<index + 4].elementsEqual([0x50, 0x4B, 0x01, 0x02]) {
                bytes.replaceSubrange(index + 24..<index + 28, with: [100, 0, 0, 0])
            }
            index += 1
        }
        return bytes
    }
}

/// A ZIP answer opened with ZIPFoundation, the reader the format is checked against.
struct ZIPFiles {
    let archive: [UInt8]
    private let zip: Archive

    init(_ bytes: [UInt8]) throws {
        archive = bytes
        zip = try Archive(data: Data(bytes), accessMode: .read)
    }

    var paths: [String] { zip.map(\.path) }

    func bytes(_ path: String) throws -> [UInt8] {
        let entry = try #require(zip[path], "\(path) is in the archive")
        var bytes: [UInt8] = []
        _ = try zip.extract(entry) { bytes += $0 }
        return bytes
    }

    func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    func json(_ path: String) throws -> JSON {
        try JSON(data: Data(try bytes(path)))
    }
}
