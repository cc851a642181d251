import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// What an import does with what does not fit as it is, and how it says so: a jrnl entry longer than an entry here,
/// a star, an entry the file holds twice, times without a zone, the type a JSON upload names, and what a Qwinkle
/// archive holds (or held back) that an import does not bring.
@Suite("Import reports")
struct ImportReportTests {
    static let archive = "/api/qwinkle/v1/accounts/me/archive"

    /// A jrnl export (`jrnl --format json`) of these entries: (date, time, title, body, starred).
    static func jrnl(_ entries: [(String, String, String, String, Bool)]) -> [UInt8] {
        let list = entries.map { day, time, title, body, starred in
            ["date": day, "time": time, "title": title, "body": body, "tags": [String](), "starred": starred] as [String: Any]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["tags": [String: Int](), "entries": list])) ?? Data()
        return Array(data)
    }

    /// 16,918 characters in paragraphs, as the journal the defect was found with.
    static let longBody: String = {
        var paragraphs: [String] = []
        var length = 0
        var index = 0
        while length < 16_900 {
            let paragraph = "Paragraph \(index) of a long day at the lake, written out in full."
            paragraphs.append(paragraph)
            length += paragraph.count + 2
            index += 1
        }
        var text = paragraphs.joined(separator: "\n\n")
        text += String(repeating: "z", count: 16_918 - "Long day.".count - 1 - text.count)
        return text
    }()

    @Test("A jrnl entry longer than an entry here is split into consecutive entries, named by date and first words, and the rest comes too")
    func longEntryIsSplit() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let export = Self.jrnl([
                ("2026-07-01", "09:05", "Started a journal.", "", false),
                ("2026-07-03", "07:00", "Long day.", Self.longBody, false),
            ])
            #expect("Long day.\n\(Self.longBody)".count == 16_918)
            let imported = try await api.request(.post, Self.archive, token: abe.token, body: export, contentType: "application/octet-stream")
            #expect(imported.status == .ok, "\(imported.json)")
            #expect(imported.json["entries_imported"].int == 3)
            let warnings = imported.json["warnings"].array.compactMap(\.string)
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("2026-07-03 07:00 “Long day. Paragraph 0 of a…”") == true, "\(warnings)")
            #expect(warnings.first?.contains("16,918 characters") == true, "\(warnings)")
            #expect(warnings.first?.contains("split into 2 consecutive entries") == true, "\(warnings)")
            let journal = try await api.get("/api/qwinkle/v1/timelines/journal?limit=10", token: abe.token).json.array
            let parts = journal.filter { $0["body"].string != "Started a journal." }.reversed().compactMap { $0["body"].string }
            #expect(parts.count == 2)
            #expect(parts.allSatisfy { $0.count <= 10_000 })
            #expect(parts.first?.hasPrefix("Long day.\nParagraph 0") == true)
            #expect(parts.joined(separator: "\n\n") == "Long day.\n\(Self.longBody)", "cut between paragraphs, nothing lost")
            let again = try await api.request(.post, Self.archive, token: abe.token, body: export, contentType: "application/octet-stream")
            #expect(again.json["entries_imported"].int == 0, "each part is known to a second import")
        }
    }

    @Test("A starred jrnl entry comes in marked by its owner")
    func starsBecomeMarks() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let export = Self.jrnl([
                ("2026-07-01", "09:05", "Plain.", "", false),
                ("2026-07-02", "09:05", "Starred.", "Worth keeping.", true),
                ("2026-07-03", "09:05", "Starred too.", "", true),
            ])
            let imported = try await api.request(.post, Self.archive, token: abe.token, body: export, contentType: "application/octet-stream")
            #expect(imported.status == .ok, "\(imported.json)")
            let marks = try await api.get("/api/qwinkle/v1/marks", token: abe.token).json.array
            #expect(Set(marks.compactMap { $0["body"].string }) == ["Starred.\nWorth keeping.", "Starred too."])
            let journal = try await api.get("/api/qwinkle/v1/timelines/journal", token: abe.token).json.array
            #expect(journal.first { $0["body"].string == "Plain." }?["marked"].bool == false)
        }
    }

    @Test("An entry the file holds twice is imported once and reported as a duplicate within the file, not as imported before")
    func duplicatesWithinTheFile() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let export = Self.jrnl([
                ("2026-07-01", "09:05", "Started a journal.", "", false),
                ("2026-07-01", "09:05", "Started a journal.", "", false),
                ("2026-07-02", "18:30", "Swam.", "", false),
            ])
            let imported = try await api.request(.post, Self.archive, token: abe.token, body: export, contentType: "application/octet-stream")
            #expect(imported.status == .ok, "\(imported.json)")
            #expect(imported.json["entries_imported"].int == 2)
            #expect(imported.json["entries_already_present"].int == 0, "a new account has imported nothing before")
            #expect(imported.json["warnings"].array.compactMap(\.string) == [
                "The entry of 2026-07-01 09:05 “Started a journal.” is in the file 2 times, a duplicate within the file; it was imported once."
            ])
        }
    }

    @Test("jrnl's zoneless times are read in the zone the import names; a zone nobody knows is 422")
    func timeZoneIsNamed() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let export = Self.jrnl([("2026-07-02", "18:30", "Swam in the lake.", "", false)])
            let imported = try await api.request(
                .post, Self.archive + "?time_zone=Pacific/Auckland", token: abe.token, body: export, contentType: "application/octet-stream"
            )
            #expect(imported.status == .ok, "\(imported.json)")
            let entry = try #require(try await api.get("/api/qwinkle/v1/timelines/journal", token: abe.token).json.array.first)
            #expect(entry["created_at"].string == "2026-07-02T06:30:00.000Z", "18:30 in Auckland (UTC+12 in July)")

            let bea = try await api.signUp("bea")
            let unknown = try await api.request(
                .post, Self.archive + "?time_zone=Mars/Olympus", token: bea.token, body: export, contentType: "application/octet-stream"
            )
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.fieldErrors("time_zone").first?.contains("Mars/Olympus") == true, "\(unknown.json)")
            #expect(try await api.get("/api/qwinkle/v1/timelines/journal", token: bea.token).json.array.isEmpty)
        }
    }

    @Test("A jrnl export sent as application/json is imported; a type not taken is 415 naming every type that is")
    func jsonContentType() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            // A null inside the JSON is the file's business: the upload is not read as one of the contract's bodies.
            var export = String(decoding: Self.jrnl([("2026-07-02", "18:30", "Swam in the lake.", "", true)]), as: UTF8.self)
            export = export.replacingOccurrences(of: "\"tags\":[]", with: "\"tags\":[],\"location\":null")
            let imported = try await api.request(
                .post, Self.archive, token: abe.token, body: Array(export.utf8), contentType: "application/json; charset=utf-8"
            )
            #expect(imported.status == .ok, "\(imported.json)")
            #expect(imported.json["format"].string == "jrnl")
            #expect(imported.json["entries_imported"].int == 1)

            let text = try await api.request(.post, Self.archive, token: abe.token, body: Array(export.utf8), contentType: "text/plain")
            #expect(text.status == .unsupportedMediaType)
            #expect(
                text.json["error"]["message"].string
                    == "The body must be sent as application/zip, application/octet-stream or application/json, not text/plain."
            )
        }
    }

    @Test("A Qwinkle archive's report names the messages it did not import and the drafts and scheduled entries it could not carry")
    func leftOutIsReported() async throws {
        let clock = FakeClock(ArchiveTests.start)
        try await TestServer.run(clock: clock.now) { api in
            let (abe, _) = try await ArchiveTests.writeHistory(api, clock: clock)
            let scheduled = try await api.schedule("Tomorrow's news", as: abe, at: clock.now().addingTimeInterval(3_600))
            #expect(scheduled.status == .accepted, "\(scheduled.json)")
            for body in ["First draft", "Second draft"] {
                let draft = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "update", "body": "\#(body)", "visibility": "public"}"#)
                #expect(draft.status == .created, "\(draft.json)")
            }
            let archive = try await api.get(Self.archive, token: abe.token).bytes
            let manifest = try ZIPFiles(archive).json("manifest.json")
            #expect(manifest["scheduled_entries_left_out"].int == 1)
            #expect(manifest["drafts_left_out"].int == 2)
            let zed = try await api.signUp("zed")
            let imported = try await api.request(.post, Self.archive, token: zed.token, body: archive, contentType: "application/zip")
            #expect(imported.status == .ok, "\(imported.json)")
            let warnings = imported.json["warnings"].array.compactMap(\.string)
            #expect(warnings.contains("Messages are not imported: the archive's messages.json keeps its 1 conversation (1 message) for your own record."), "\(warnings)")
            #expect(warnings.contains { $0.contains("the account's 1 scheduled entry and 2 drafts on") }, "\(warnings)")
        }
    }

    @Test("An entry of a Qwinkle archive that cannot be stored is named by its date and first words, not an internal key")
    func refusedEntryIsNamed() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let entries = #"""
                {"entries": [{"id": "41", "kind": "update", "body": "\#(String(repeating: "Far too long for an update. ", count: 10))",
                  "visibility": "public", "created_at": "2026-11-20T08:00:00Z", "photos": [],
                  "revisions": [{"revision": 1, "kind": "update", "body": "x", "visibility": "public", "photos": [], "created_at": "2026-11-20T08:00:00Z"}]}]}
                """#
            let archive = try BadArchive.zip([
                ("manifest.json", Array(#"{"format": "qwinkle-archive", "format_version": 1, "exported_at": "2026-11-26T09:15:00Z", "server": "https://elsewhere.example", "username": "abe"}"#.utf8)),
                ("account.json", Array(#"{"username": "abe", "display_name": "Abe", "bio": "", "favorite_creature": "dragon", "created_at": "2026-01-02T03:04:05Z"}"#.utf8)),
                ("entries.json", Array(entries.utf8)),
                ("following.json", Array(#"{"following": []}"#.utf8)),
                ("journal-readers.json", Array(#"{"journal_readers": []}"#.utf8)),
            ])
            let refused = try await api.request(.post, Self.archive, token: abe.token, body: archive, contentType: "application/zip")
            #expect(refused.status == .unprocessableContent, "\(refused.json)")
            #expect(refused.errorCode == "archive_entry_invalid")
            #expect(refused.json["error"]["message"].string?.hasPrefix("The archive's entry of 2026-11-20 08:00 “Far too long for an update.…” cannot be stored here") == true, "\(refused.json)")
        }
    }
}
