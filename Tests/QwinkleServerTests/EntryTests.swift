import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

@Suite("Entries")
struct EntryTests {
    @Test("A short update with a photo has 117 characters to spend: 117 fit, 118 do not")
    func talkCounter() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let photo = try await api.upload(as: abe)
            let fits = try await api.postEntry(String(repeating: "a", count: 117), as: abe, photos: [photo])
            #expect(fits.status == .created)
            #expect(fits.json["photos"][0]["url"].string == "/api/qwinkle/v1/photos/\(photo)")
            let photo2 = try await api.upload(as: abe)
            let over = try await api.postEntry(String(repeating: "a", count: 118), as: abe, photos: [photo2])
            #expect(over.status == .unprocessableContent)
            #expect(over.fieldErrors("body") == [DraftProblem.tooLong(by: 1).message])
        }
    }

    @Test("An entry reads back as it was posted, with its author")
    func roundTrip() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let posted = try await api.post("Four score https://example.com/a-very-long-link", as: abe, visibility: "followers")
            let id = try #require(posted["id"].string)
            let read = try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token)
            #expect(read.status == .ok)
            #expect(read.json == posted)
            #expect(read.json["author"]["username"].string == "abe")
            #expect(read.json["revision"].int == 1)
            #expect(read.json["kind"].string == "update")
            #expect(read.json["marked"].bool == false)
        }
    }

    @Test("Journal and private entries may be long; short ones may not")
    func lengths() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let long = String(repeating: "word ", count: 400)
            #expect(try await api.postEntry(long, as: abe, visibility: "journal", kind: "journal").status == .created)
            #expect(try await api.postEntry(long, as: abe, visibility: "private").status == .created)
            #expect(try await api.postEntry(long, as: abe, visibility: "public").status == .unprocessableContent)
            #expect(try await api.postEntry("   ", as: abe).status == .unprocessableContent)
            let tooLong = String(repeating: "a", count: 10_001)
            #expect(try await api.postEntry(tooLong, as: abe, visibility: "journal").status == .unprocessableContent)
        }
    }

    @Test("A dream carries its creature, effects and count")
    func dream() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let dream = try await api.post(
                "A pink unicorn in the rain", as: abe, kind: "dream",
                dream: #"{"creature": "unicorn_pink", "effects": ["rain", "laser_focus"], "number_of_creatures": 3}"#
            )
            #expect(dream["dream"]["creature"].string == "unicorn_pink")
            #expect(dream["dream"]["effects"].array.compactMap(\.string) == ["laser_focus", "rain"])
            #expect(dream["dream"]["number_of_creatures"].int == 3)
        }
    }

    static let badEntries: [(String, String)] = [
        (#"{"kind": "story", "body": "hi", "visibility": "public"}"#, "kind"),
        (#"{"kind": "update", "body": "hi", "visibility": "friends"}"#, "visibility"),
        (#"{"kind": "update", "visibility": "public"}"#, "body"),
        (#"{"kind": "dream", "body": "hi", "visibility": "public"}"#, "dream"),
        (#"{"kind": "update", "body": "hi", "visibility": "public", "dream": {"creature": "shark", "effects": [], "number_of_creatures": 1}}"#, "dream"),
        (#"{"kind": "dream", "body": "hi", "visibility": "public", "dream": {"creature": "griffin", "effects": [], "number_of_creatures": 1}}"#, "dream.creature"),
        (#"{"kind": "dream", "body": "hi", "visibility": "public", "dream": {"creature": "shark", "effects": ["lightning"], "number_of_creatures": 1}}"#, "dream.effects.0"),
        (#"{"kind": "dream", "body": "hi", "visibility": "public", "dream": {"creature": "shark", "effects": [], "number_of_creatures": 11}}"#, "dream.number_of_creatures"),
        (#"{"kind": "update", "body": 42, "visibility": "public"}"#, "body"),
        (#"{"kind": "update", "body": "hi", "visibility": "public", "photos": [{"id": "999"}]}"#, "photos.0.id"),
    ]

    @Test("Invalid entries are 422 naming the field, and nothing is stored", arguments: badEntries)
    func invalid(body: String, field: String) async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let response = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: body)
            #expect(response.status == .unprocessableContent, "\(response.json)")
            #expect(!response.fieldErrors(field).isEmpty, "\(response.json)")
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/entries", token: abe.token).json.array.isEmpty)
        }
    }

    @Test("Photos: at most four, each your own, each once")
    func photoRules() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            var mine: [String] = []
            for _ in 0..<5 { mine.append(try await api.upload(as: abe)) }
            let marys = try await api.upload(as: mary)
            #expect(try await api.postEntry("", as: abe, photos: Array(mine.prefix(4))).status == .created)
            let five = try await api.postEntry("five", as: abe, visibility: "journal", photos: mine)
            #expect(five.status == .unprocessableContent && !five.fieldErrors("photos").isEmpty)
            #expect(try await api.postEntry("not mine", as: abe, photos: [marys]).status == .unprocessableContent)
            #expect(try await api.postEntry("twice", as: abe, photos: [mine[0], mine[0]]).status == .unprocessableContent)
        }
    }

    @Test("The same Idempotency-Key returns the first entry and creates nothing; another key creates another")
    func idempotency() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let first = try await api.postEntry("once", as: abe, idempotencyKey: "key-1")
            let again = try await api.postEntry("once", as: abe, idempotencyKey: "key-1")
            #expect(first.status == .created && again.status == .created)
            #expect(first.json["id"] == again.json["id"])
            let other = try await api.postEntry("once", as: abe, idempotencyKey: "key-2")
            #expect(other.json["id"] != first.json["id"])
            let marys = try await api.postEntry("once", as: mary, idempotencyKey: "key-1")
            #expect(marys.json["id"] != first.json["id"], "keys belong to their account")
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/entries").json.array.count == 2)
            let tooLong = try await api.postEntry("x", as: abe, idempotencyKey: String(repeating: "k", count: 256))
            #expect(tooLong.status == .badRequest)
        }
    }

    @Test("An Idempotency-Key is remembered for 24 hours: reused within them it replays, after them it creates a new entry")
    func idempotencyWindow() async throws {
        let clock = FakeClock(Date(timeIntervalSince1970: 1_800_000_000))
        try await TestServer.run(clock: clock.now) { api in
            let abe = try await api.signUp("abe")
            let first = try await api.postEntry("morning", as: abe, idempotencyKey: "daily")
            #expect(first.status == .created)
            clock.advance(by: 24 * 60 * 60 - 1)
            let replayed = try await api.postEntry("morning", as: abe, idempotencyKey: "daily")
            #expect(replayed.json["id"] == first.json["id"], "a second before the day is out, the key still names the first entry")
            clock.advance(by: 2)
            let later = try await api.postEntry("morning", as: abe, idempotencyKey: "daily")
            #expect(later.status == .created)
            #expect(later.json["id"] != first.json["id"], "a day later the key is free again")
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/entries").json.array.count == 2)
        }
    }

    @Test("Authors delete their entries; a reader who is not the author may not; then it is gone")
    func delete() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let id = try #require(try await api.post("bye", as: abe)["id"].string)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(id)", token: mary.token).status == .forbidden)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(id)").status == .unauthorized)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(id)", token: abe.token).status == .noContent)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token).status == .notFound)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(id)", token: abe.token).status == .notFound)
        }
    }

    @Test("Marks: idempotent, listed most recent first, shown on the entry")
    func marks() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let first = try #require(try await api.post("first", as: abe)["id"].string)
            let second = try #require(try await api.post("second", as: abe)["id"].string)
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(second)/mark", token: mary.token).json["marked"].bool == true)
            _ = try await api.request(.post, "/api/qwinkle/v1/entries/\(first)/mark", token: mary.token)
            _ = try await api.request(.post, "/api/qwinkle/v1/entries/\(first)/mark", token: mary.token)
            #expect(try await api.get("/api/qwinkle/v1/marks", token: mary.token).json.ids == [first, second])
            #expect(try await api.get("/api/qwinkle/v1/entries/\(first)", token: mary.token).json["marked"].bool == true)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(first)", token: abe.token).json["marked"].bool == false)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(first)/mark", token: mary.token).json["marked"].bool == false)
            #expect(try await api.get("/api/qwinkle/v1/marks", token: mary.token).json.ids == [second])
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/999/mark", token: mary.token).status == .notFound)
        }
    }

    @Test("IDs that are not IDs are simply not found", arguments: ["abc", "0", "-1", "1e3", "99999999999999999999"])
    func strangeIDs(id: String) async throws {
        try await TestServer.run { api in
            let response = try await api.get("/api/qwinkle/v1/entries/\(id)")
            #expect(response.status == .notFound)
        }
    }
}
