import Foundation
import HTTPTypes
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleJSONWriter
import QwinkleKit
@testable import QwinkleServer
import QwinkleTestSupport
import Testing

@Suite("Streamed JSON bodies: the same JSON as the runtime's encoder writes")
struct StreamingJSONEncoderTests {
    static let encoder = StreamingJSONEncoder(encodeDate: { RFC3339.string(from: $0) })

    /// The runtime's encoder, configured as the server configures it.
    static func runtimeJSON<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try RFC3339Transcoder().encode(date))
        }
        return try encoder.encode(value)
    }

    /// JSON text re-written with sorted keys, so two texts of the same value compare equal byte for byte.
    static func canonical(_ data: Data) throws -> String {
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    static func expectSameJSON<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let streamed = Data(try encoder.encode(value))
        #expect(try canonical(streamed) == canonical(runtimeJSON(value)), sourceLocation: sourceLocation)
    }

    static let awkward = "Quote \" backslash \\ slash / tab \t newline \n return \r bell \u{07} nul \u{00} unit \u{1F} é 🦈 \u{2028}"

    static func account(_ id: String, full: Bool) -> Components.Schemas.Account {
        .init(
            id: id, username: "abe\(id)", displayName: full ? awkward : "Abe", bio: full ? "Sharks </script>" : "",
            avatar: full ? "3" : nil, avatarUrl: full ? "/api/qwinkle/v1/photos/3" : nil, favoriteCreature: full ? .unicornPink : nil,
            createdAt: Date(timeIntervalSince1970: 1_790_000_000.25)
        )
    }

    /// An entry with every optional field set, or with none.
    static func entry(_ id: Int, full: Bool) -> Components.Schemas.Entry {
        .init(
            kind: full ? .dream : .update, body: full ? awkward : "Flew over the sea.", visibility: full ? .followers : ._public,
            dream: full ? .init(creature: .shark, effects: [.magic, .fireBreathing], numberOfCreatures: 3) : nil,
            id: String(id), authorId: "7", author: account("7", full: full),
            photos: full ? [.init(id: "9", alt: "a \"wave\"", url: "/api/qwinkle/v1/photos/9")] : [],
            revision: id % 5, createdAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(id)),
            editedAt: full ? Date(timeIntervalSince1970: 1_790_000_060.5) : nil, importedAt: full ? Date(timeIntervalSince1970: -1_000) : nil,
            marked: full, isReply: full, inReplyTo: full ? .init(id: "41", author: account("8", full: true)) : nil,
            repliesCount: Int.max, mentions: full ? [.init(accountId: "8", username: "bea", host: "example.org"), .init(accountId: "9", username: "cy")] : [],
            tags: full ? ["sharks", "été"] : [], originalUrl: full ? "https://example.org/@bea/1" : nil,
            sharedBy: full ? .init(id: "99", account: account("10", full: false)) : nil
        )
    }

    @Test("A page of entries, every optional field set or none, is the same JSON value either way")
    func entryPage() throws {
        let page = (0..<20).map { Self.entry($0, full: $0.isMultiple(of: 2)) }
        try Self.expectSameJSON(page)
        try Self.expectSameJSON([Components.Schemas.Entry]())
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in try RFC3339Transcoder().decode(decoder.singleValueContainer().decode(String.self)) }
        #expect(try decoder.decode([Components.Schemas.Entry].self, from: Data(Self.encoder.encode(page))) == page)
    }

    @Test("A thread's page (its entry, ancestors and replies with their depths) is the same JSON value either way")
    func threadPage() throws {
        let context = Components.Schemas.EntryContext(
            entry: Self.entry(41, full: true), ancestors: [Self.entry(1, full: false), Self.entry(2, full: true)],
            replies: (0..<5).map { .init(depth: $0 + 1, entry: Self.entry(50 + $0, full: $0.isMultiple(of: 2))) }
        )
        try Self.expectSameJSON(context)
        try Self.expectSameJSON(Components.Schemas.EntryContext(entry: Self.entry(3, full: false), ancestors: [], replies: []))
    }

    @Test("Every control character and the characters JSON quotes are escaped; other text is written as it is")
    func strings() throws {
        let everyControl = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        try Self.expectSameJSON([everyControl, Self.awkward, "", "plain"])
        #expect(try Self.encoder.encode("a\"b\\c\u{01}\n/é") == Array(#""a\"b\\c\u0001\n/é""#.utf8))
    }

    @Test("Numbers at their limits, whole doubles, booleans, data, URLs and a dictionary's keys")
    func scalars() throws {
        try Self.expectSameJSON([Int.min, Int.max, 0, -1, 10])
        try Self.expectSameJSON([UInt64.max])
        try Self.expectSameJSON([1.0, 0.5, -2.25, 1e300])
        try Self.expectSameJSON([true, false])
        try Self.expectSameJSON(Data([0, 1, 2, 255]))
        try Self.expectSameJSON(URL(string: "https://example.org/a?b=c"))
        try Self.expectSameJSON(["fields": ["body": ["Too long."]], "other\"key": [:]] as [String: [String: [String]]])
        try Self.expectSameJSON(Components.Schemas.ErrorDetail(code: "x", message: "y", fields: .init(additionalProperties: ["body": ["Too long."]])))
        #expect(throws: EncodingError.self) { try Self.encoder.encode([Double.nan]) }
    }

    @Test("Nested containers, super encoders, nulls and a value that writes nothing")
    func containers() throws {
        try Self.expectSameJSON(Nested())
        try Self.expectSameJSON([Nested(), Nested()])
        try Self.expectSameJSON(["a": Silent()])
    }

    @Test("A timeline's streamed body is what its Content-Length says, and the entries the contract describes")
    func servedPage() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            var ids: [String] = []
            for index in 0..<3 { ids.append(try #require(try await api.post("entry \(index) \"quoted\"", as: abe)["id"].string)) }
            let page = try await api.get("/api/qwinkle/v1/timelines/public")
            #expect(page.status == .ok)
            #expect(page.headers[.contentLength] == String(page.bytes.count))
            #expect(page.headers[.contentType] == "application/json; charset=utf-8")
            #expect(page.json.ids == ids.reversed())
            #expect(page.json[0]["body"].string == "entry 2 \"quoted\"")
            #expect(page.json[0]["author"]["username"].string == "abe")
            let home = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token)
            #expect(home.headers[.contentLength] == String(home.bytes.count))

            // A thread's page is streamed too: the whole thread is sent, not the stand-in of its entry alone.
            let reply = try #require(try await ConversationTests.reply("a reply", to: ids[0], as: abe, api: api).json["id"].string)
            let thread = try await api.get("/api/qwinkle/v1/entries/\(reply)/context", token: abe.token)
            #expect(thread.status == .ok)
            #expect(thread.headers[.contentLength] == String(thread.bytes.count))
            #expect(thread.json["entry"]["id"].string == reply)
            #expect(thread.json["ancestors"].ids == [ids[0]])
            let top = try await api.get("/api/qwinkle/v1/entries/\(ids[0])/context", token: abe.token)
            #expect(top.json["replies"][0]["entry"]["id"].string == reply)
            #expect(top.json["replies"][0]["depth"].int == 1)
        }
    }

    @Test("A container written after a later member closed it is refused, and the runtime's encoder writes that value")
    func outOfOrder() async throws {
        #expect(throws: StreamingJSONEncoder.Unsupported.self) { try Self.encoder.encode(OutOfOrder()) }
        let slot = StreamedJSONBody.Slot(encoder: Self.encoder)
        let offered = StreamedJSONBody.$slot.withValue(slot) { StreamedJSONBody.offer([OutOfOrder()], standIn: []) }
        #expect(offered.count == 1)
        #expect(slot.take() == nil)
        let page = [Self.entry(1, full: true)]
        #expect(StreamedJSONBody.$slot.withValue(slot) { StreamedJSONBody.offer(page, standIn: []) }.isEmpty)
        #expect(try slot.take() == Self.encoder.encode(page))
        #expect(StreamedJSONBody.offer(page, standIn: []) == page)
    }
}

/// Every way `Encoder` lets a type write: nested keyed and unkeyed containers, super encoders, explicit nulls.
private struct Nested: Encodable {
    enum Keys: String, CodingKey { case a, b, c, d, e, f }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .a)
        var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
        try inner.encodeNil(forKey: .a)
        var list = inner.nestedUnkeyedContainer(forKey: .b)
        try list.encode("x")
        var deeper = list.nestedContainer(keyedBy: Keys.self)
        try deeper.encode(true, forKey: .c)
        try list.encodeNil()
        var listInList = list.nestedUnkeyedContainer()
        try listInList.encode(Int8(-3))
        try container.encode([[1, 2], []], forKey: .c)
        try Silent().encode(to: container.superEncoder())
        var sub = container.superEncoder(forKey: .d).singleValueContainer()
        try sub.encode("under d")
        try container.encodeIfPresent(String?.none, forKey: .e)
        try container.encode(Date(timeIntervalSince1970: 0), forKey: .f)
    }
}

/// A value whose encoding writes nothing: `JSONEncoder` writes `{}` for it inside another value (and refuses it alone).
private struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

/// Writes to a nested container after writing the member after it, which only a tree can take.
private struct OutOfOrder: Encodable {
    enum Keys: String, CodingKey { case a, b }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
        try container.encode(1, forKey: .b)
        try nested.encode(2, forKey: .a)
    }
}
