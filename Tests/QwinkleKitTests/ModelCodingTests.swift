import Foundation
import QwinkleKit
import Testing

@Suite("Models encode to the API's stable JSON")
struct ModelCodingTests {
    @Test("An entry encodes with snake_case names, string IDs and RFC 3339 times")
    func entryJSON() throws {
        let json = try Fixtures.json(Fixtures.update)
        #expect(json == """
            {"author_id":"acc_1","body":"Four score and seven years ago","created_at":"2026-11-18T11:06:40.250Z",\
            "id":"ent_1","kind":"update","photos":[{"alt":"A field","id":"ph_1"}],"revision":1,"visibility":"public"}
            """)
    }

    @Test("A dream entry carries its details, effects in a fixed order")
    func dreamJSON() throws {
        let json = try Fixtures.json(Fixtures.dreamEntry)
        #expect(json.contains(#""kind":"dream""#))
        #expect(json.contains(#""dream":{"creature":"unicorn_pink","effects":["laser_focus","rain"],"number_of_creatures":3}"#))
        #expect(json.contains(#""edited_at":"2026-11-18T11:16:40.500Z""#))
    }

    @Test("Every model survives a JSON round trip unchanged")
    func roundTrips() throws {
        #expect(try roundTrip(Fixtures.account) == Fixtures.account)
        #expect(try roundTrip(Fixtures.photo) == Fixtures.photo)
        #expect(try roundTrip(Fixtures.update) == Fixtures.update)
        #expect(try roundTrip(Fixtures.dreamEntry) == Fixtures.dreamEntry)
        #expect(try roundTrip(Fixtures.conversation) == Fixtures.conversation)
        #expect(try roundTrip(Fixtures.message) == Fixtures.message)
        #expect(try roundTrip(SignUpForm(username: "abe", passwordConfirmation: "x")) == SignUpForm(username: "abe", passwordConfirmation: "x"))
    }

    @Test("The account, conversation and message use the API's names")
    func otherNames() throws {
        let account = try Fixtures.json(Fixtures.account)
        for key in ["display_name", "favorite_creature", "created_at", "avatar", "bio", "username"] {
            #expect(account.contains("\"\(key)\":"), "missing \(key)")
        }
        #expect(account.contains(#""favorite_creature":"unicorn_pink""#))
        #expect(try Fixtures.json(Fixtures.conversation).contains(#""participants":["acc_1","acc_2"]"#))
        let message = try Fixtures.json(Fixtures.message)
        #expect(message.contains(#""conversation_id":"conv_1""#) && message.contains(#""sender_id":"acc_1""#))
        #expect(message.contains(#""photo_ids":["ph_1"]"#))
        #expect(try Fixtures.json(Fixtures.photo).contains(#""byte_size":1234"#))
    }

    @Test("Every enum has exactly the promised spellings", arguments: [
        (Creature.allCases.map(\.rawValue), ["unicorn_yellow", "unicorn_pink", "unicorn_white", "crusty", "shark", "dragon"]),
        (DreamEffect.allCases.map(\.rawValue), ["fire_breathing", "laser_focus", "magic", "fireflies", "rain", "snow"]),
        (Visibility.allCases.map(\.rawValue), ["public", "unlisted", "followers", "journal", "private"]),
        (Entry.Kind.Name.allCases.map(\.rawValue), ["update", "journal", "dream"]),
    ])
    func spellings(actual: [String], expected: [String]) {
        #expect(actual == expected)
    }

    @Test("Creatures have display names")
    func creatureNames() {
        #expect(Creature.allCases.map(\.displayName) == ["Yellow unicorn", "Pink unicorn", "White unicorn", "Crusty", "Shark", "Dragon"])
        #expect(Creature(rawValue: "unicorn_white") == .unicorn(.white))
        #expect(DreamEffect.fireBreathing.displayName == "Fire breathing")
    }

    @Test("An unknown spelling is a decoding error, never a default", arguments: [
        #"{"creature":"unicorn_green","effects":[],"number_of_creatures":1}"#,
        #"{"creature":"Unicorn_Pink","effects":[],"number_of_creatures":1}"#,
        #"{"creature":"crusty","effects":["fireBreathing"],"number_of_creatures":1}"#,
        #"{"creature":"crusty","effects":["lightning"],"number_of_creatures":1}"#,
        #"{"creature":"crusty","effects":[],"number_of_creatures":0}"#,
        #"{"creature":"crusty","effects":[],"number_of_creatures":11}"#,
        #"{"creature":"crusty","effects":[]}"#,
    ])
    func badDream(json: String) {
        #expect(throws: DecodingError.self) { try Fixtures.decode(DreamDetails.self, json) }
    }

    @Test("An entry with an unknown kind or visibility, or inconsistent dream details, does not decode", arguments: [
        ("kind", #""story""#),
        ("visibility", #""friends""#),
        ("visibility", #""Public""#),
        ("kind", #""dream""#),
        ("revision", "0"),
        ("id", #""""#),
    ])
    func badEntry(key: String, value: String) throws {
        var object = try entryObject(Fixtures.update)
        object[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try QwinkleJSON.decode(Entry.self, from: data) }
    }

    @Test("An update with dream details, or five photos, does not decode")
    func inconsistentEntry() throws {
        var object = try entryObject(Fixtures.update)
        object["dream"] = ["creature": "shark", "effects": [], "number_of_creatures": 1] as [String: Any]
        #expect(throws: DecodingError.self) {
            try QwinkleJSON.decode(Entry.self, from: JSONSerialization.data(withJSONObject: object))
        }
        object = try entryObject(Fixtures.update)
        object["photos"] = Array(repeating: ["id": "ph_1", "alt": ""], count: 5)
        #expect(throws: DecodingError.self) {
            try QwinkleJSON.decode(Entry.self, from: JSONSerialization.data(withJSONObject: object))
        }
    }

    @Test("Times read from RFC 3339 with or without fractions, in any offset")
    func times() {
        #expect(RFC3339.date(from: "2026-11-21T09:30:00Z") == Date(timeIntervalSince1970: 1_795_253_400))
        #expect(RFC3339.date(from: "2026-11-21T10:30:00+01:00") == Date(timeIntervalSince1970: 1_795_253_400))
        #expect(RFC3339.date(from: "2026-11-21T09:30:00.125Z") == Date(timeIntervalSince1970: 1_795_253_400.125))
        #expect(RFC3339.date(from: "21/11/2026") == nil)
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: 1_795_253_400)) == "2026-11-21T09:30:00.000Z")
    }

    @Test("A time that is not RFC 3339 is a decoding error")
    func badTime() throws {
        var object = try entryObject(Fixtures.update)
        object["created_at"] = 1_795_253_400
        #expect(throws: DecodingError.self) {
            try QwinkleJSON.decode(Entry.self, from: JSONSerialization.data(withJSONObject: object))
        }
    }

    @Test("Creature counts outside 1–10 do not exist")
    func creatureCounts() {
        #expect(CreatureCount(0) == nil)
        #expect(CreatureCount(11) == nil)
        #expect(CreatureCount(1) == .one)
        #expect(CreatureCount(10)?.rawValue == 10)
    }

    private func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try QwinkleJSON.decode(Value.self, from: QwinkleJSON.encode(value))
    }

    private func entryObject(_ entry: Entry) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: QwinkleJSON.encode(entry))
        return try #require(object as? [String: Any])
    }
}

@Suite("RFC 3339 times")
struct RFC3339Tests {
    @Test("Every millisecond prints as itself, never one early", arguments: [0, 1, 122, 123, 999])
    func milliseconds(millisecond: Int) {
        let date = Date(timeIntervalSince1970: (1_795_253_400_000 + Double(millisecond)) / 1_000)
        let digits = String(millisecond)
        #expect(RFC3339.string(from: date) == "2026-11-21T09:30:00." + String(repeating: "0", count: 3 - digits.count) + digits + "Z")
    }

    @Test("Times before 1970 keep a positive fraction")
    func beforeEpoch() {
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
    }

    @Test("Every day from year 1 to 9999, leap days and centuries included, prints as Foundation's calendar has it, and reads back")
    func calendarDays() throws {
        var generator = SystemRandomNumberGenerator()
        let formatter = Date.ISO8601FormatStyle()
        // Every day near the edges and the leap rules' turning points, and a few thousand anywhere in between.
        let fixed: [Int64] = [-719_162, -1, 0, 1, 59, 60, 365, 10_956, 11_016, 11_017, 2_932_896]
        var turning: [Int64] = []
        for year: Int64 in [1600, 1700, 1900, 2000, 2100, 2400] {
            let approximateDay: Int64 = (year - 1970) * 365 + (year - 1970) / 4
            turning += (-400...400).map { approximateDay + Int64($0) }
        }
        let random = (0..<5_000).map { _ in Int64.random(in: -719_162...2_932_896, using: &generator) }
        for day in fixed + turning + random {
            let millisecond = Int64.random(in: 0..<86_400_000, using: &generator)
            let total: Int64 = day * 86_400_000 + millisecond
            let date = Date(timeIntervalSince1970: TimeInterval(total) / 1_000)
            let wholeSeconds: Int64 = day * 86_400 + millisecond / 1_000
            let whole = formatter.format(Date(timeIntervalSince1970: TimeInterval(wholeSeconds)))
            let fraction = String(millisecond % 1_000)
            let padding = String(repeating: "0", count: 3 - fraction.count)
            let expected = String(whole.dropLast()) + "." + padding + fraction + "Z"
            #expect(RFC3339.string(from: date) == expected, "day \(day)")
            let parsed = try #require(RFC3339.date(from: expected))
            #expect(abs(parsed.timeIntervalSince(date)) < 0.000_5)
        }
    }
}
