import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

/// Journals kept in other apps move in through the same import as a Qwinkle archive: jrnl's JSON export and Day
/// One's export ZIP, each made here in the shape its app writes.
@Suite("Imports from jrnl and Day One")
struct ForeignImportTests {
    /// `jrnl --format json`: a title (the first sentence), a body, and a local date and time.
    static let jrnl = Array(
        """
        {"tags": {"@lake": 1}, "entries": [
          {"title": "Swam in the lake.", "body": "Cold, then not.", "date": "2026-07-02", "time": "18:30", "tags": ["@lake"], "starred": false},
          {"title": "Started a journal.", "body": "", "date": "2026-07-01", "time": "09:05", "tags": [], "starred": false}
        ]}
        """.utf8
    )

    /// A Day One export: `Journal.json` whose text names a photo by `dayone-moment`, the photo in `photos/` by its MD5,
    /// and a second photo in a type Qwinkle does not keep.
    static func dayOne() throws -> [UInt8] {
        let journal = #"""
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "81F0F3CA693F484792F76359E9E2ACE8", "creationDate": "2026-06-03T07:15:00Z",
               "text": "Market day\\. Figs\\!\n\n![](dayone-moment://AD6F)\n\nHome by noon.", "tags": ["market"],
               "photos": [{"identifier": "AD6F", "md5": "5f4dcc3b5aa765d61d8327deb882cf99", "type": "png", "orderInEntry": 0},
                          {"identifier": "B0", "md5": "aaaa", "type": "heic", "orderInEntry": 1}]}
            ]}
            """#
        return try BadArchive.zip([
            ("Journal.json", Array(journal.utf8)), ("photos/5f4dcc3b5aa765d61d8327deb882cf99.png", TestImages.png),
            ("photos/aaaa.heic", Array("not kept".utf8)),
        ])
    }

    @Test("A jrnl export becomes private journal entries with their dates, once however often it is imported")
    func jrnlExport() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let first = try await api.request(
                .post, "/api/qwinkle/v1/accounts/me/archive", token: abe.token, body: Self.jrnl, contentType: "application/octet-stream"
            )
            #expect(first.status == .ok, "\(first.json)")
            #expect(first.json["format"].string == "jrnl")
            #expect(first.json["entries_imported"].int == 2)
            let journal = try await api.get("/api/qwinkle/v1/timelines/journal", token: abe.token).json.array
            #expect(journal.map { $0["body"].string } == ["Swam in the lake.\nCold, then not.", "Started a journal."])
            #expect(journal.allSatisfy { $0["kind"].string == "journal" && $0["visibility"].string == "private" })
            #expect(journal.first?["created_at"].string == "2026-07-02T18:30:00.000Z")
            #expect(journal.allSatisfy { $0["imported_at"].string != nil })
            let again = try await api.request(
                .post, "/api/qwinkle/v1/accounts/me/archive", token: abe.token, body: Self.jrnl, contentType: "application/octet-stream"
            )
            #expect(again.json["entries_imported"].int == 0)
            #expect(again.json["entries_already_present"].int == 2)
        }
    }

    @Test("A Day One export brings its text without photo markers, its photos, and names what it left out")
    func dayOneExport() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let imported = try await api.request(
                .post, "/api/qwinkle/v1/accounts/me/archive", token: abe.token, body: try Self.dayOne(), contentType: "application/zip"
            )
            #expect(imported.status == .ok, "\(imported.json)")
            #expect(imported.json["format"].string == "dayone")
            #expect(imported.json["entries_imported"].int == 1)
            #expect(imported.json["photos_imported"].int == 1)
            #expect(imported.json["warnings"].array.map(\.string) == ["Entry 1: a heic photo was left out; Qwinkle keeps JPEG, PNG, GIF and WebP."])
            let entry = try #require(try await api.get("/api/qwinkle/v1/timelines/journal", token: abe.token).json.array.first)
            #expect(entry["body"].string == "Market day. Figs!\n\nHome by noon.\n\n#market")
            #expect(entry["created_at"].string == "2026-06-03T07:15:00.000Z")
            let photo = try #require(entry["photos"].array.first?["url"].string)
            #expect(try await api.get(photo, token: abe.token).bytes == TestImages.png)
        }
    }

    @Test("An export that is not in its app's shape is refused with where it is wrong, and nothing is stored")
    func unreadableExports() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let badDate = Array(#"{"entries": [{"title": "a", "body": "", "date": "2026-02-30", "time": "09:05"}]}"#.utf8)
            let refused = try await api.request(
                .post, "/api/qwinkle/v1/accounts/me/archive", token: abe.token, body: badDate, contentType: "application/octet-stream"
            )
            #expect(refused.status == .unprocessableContent)
            #expect(refused.json["error"]["code"].string == "archive_damaged")
            #expect(refused.json["error"]["message"].string == "Entry 1 of this jrnl export has a date that cannot be read: 2026-02-30 09:05")
            let other = Array(#"{"posts": []}"#.utf8)
            let unknown = try await api.request(
                .post, "/api/qwinkle/v1/accounts/me/archive", token: abe.token, body: other, contentType: "application/octet-stream"
            )
            #expect(unknown.json["error"]["code"].string == "not_an_archive")
            #expect(try await api.get("/api/qwinkle/v1/timelines/journal", token: abe.token).json.array.isEmpty)
        }
    }
}
