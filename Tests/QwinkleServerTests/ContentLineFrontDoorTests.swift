import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

@testable import QwinkleFederation

/// The content's lines (`ContentLine`) through every front door: each test sets every line, so a line some door
/// does not carry fails here.
@Suite("The content's lines through every front door")
struct ContentLineFrontDoorTests {
    /// Every line, each with a text of its own.
    static let everyLine = Dictionary(uniqueKeysWithValues: ContentLine.allCases.map { ($0, "\($0.label) of the test") })

    /// The API's JSON properties for every line.
    static var lineProperties: String { everyLine.map { #""\#($0.key.rawValue)": \#(APIClient.quoted($0.value))"# }.joined(separator: ", ") }

    @Test("Posted through the API, every line is in the entry, its page, its edit form and its Mastodon status; an edit keeps what it does not name")
    func throughTheAPIAndThePages() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let posted = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: """
                {"kind": "update", "body": "Coffee by the water", "visibility": "public", \(Self.lineProperties)}
                """)
            #expect(posted.status == .created, "\(posted.json)")
            let id = try #require(posted.json["id"].string)
            for (line, text) in Self.everyLine { #expect(posted.json[line.rawValue].string == text) }

            var browser = WebSession(api)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "abe"), ("password", "correct horse")])
            let page = try await browser.get("/entries/\(id)")
            let form = try await browser.get("/entries/\(id)/edit")
            let token = try await MastodonAppSession.register(api).token(for: "abe")
            let status = try await api.request(.get, "/api/v1/statuses/\(id)", token: token)
            for (line, text) in Self.everyLine {
                #expect(form.text.contains(#"name="line[\#(line.rawValue)]" data-content-line="\#(line.rawValue)""#))
                #expect(form.text.contains(#"value="\#(text)""#))
            }
            for line in ContentLine.shown {
                let text = try #require(Self.everyLine[line])
                #expect(page.text.contains(#"<p class="entry-line" data-line="\#(line.rawValue)"><span class="entry-line-label">\#(line.label):</span> \#(text)</p>"#))
                #expect(status.json["content"].string?.contains("<p>\(line.label): \(text)</p>") == true, "\(status.json)")
            }
            // The warning is in the text's place: the page's summary, Mastodon's spoiler_text.
            let warning = try #require(Self.everyLine[.contentWarning])
            #expect(page.text.contains(#"<summary><span class="entry-warning-label">Content warning:</span> \#(warning)</summary>"#))
            #expect(status.json["spoiler_text"].string == warning)
            #expect(status.json["content"].string?.contains(warning) == false)
            #expect(page.text.contains(#"data-content-lines="\#(ContentLine.allCases.map(\.rawValue).joined(separator: " "))""#))

            // An edit through Mastodon's API names only the text: the lines stay.
            let edited = try await api.request(.put, "/api/v1/statuses/\(id)", token: token, json: #"{"status": "Tea by the water"}"#)
            #expect(edited.status == .ok, "\(edited.json)")
            let after = try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token).json
            #expect(after["body"].string == "Tea by the water")
            for (line, text) in Self.everyLine { #expect(after[line.rawValue].string == text) }
        }
    }

    @Test("Composed on the page, every line is kept; a line too long is refused beside its field and nothing is posted")
    func throughTheComposeForm() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "abe"), ("password", "correct horse")])
            let compose = try await browser.get("/compose")
            for line in ContentLine.allCases { #expect(compose.text.contains(#"name="line[\#(line.rawValue)]""#)) }

            let fields = [("kind", "update"), ("visibility", "public"), ("body", "From the page")]
            for line in ContentLine.allCases {
                let tooLong = try await browser.post("/compose", fields + [("line[\(line.rawValue)]", String(repeating: "x", count: line.limit + 1))])
                #expect(tooLong.status == .unprocessableContent)
                #expect(tooLong.text.contains(#"<p class="field-error" id="line-\#(line.rawValue)-error">\#(line.tooLong)</p>"#), "\(tooLong.text)")
            }
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array.isEmpty)

            let posted = try await browser.post("/compose", fields + Self.everyLine.map { ("line[\($0.key.rawValue)]", " \($0.value) ") })
            #expect(posted.status == .seeOther)
            let entry = try #require(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array.first)
            for (line, text) in Self.everyLine { #expect(entry[line.rawValue].string == text) }
        }
    }

    /// The `Note` a public entry of this content is, as a server reads its JSON.
    static func noteJSON(_ content: EntryContent) throws -> [String: Any] {
        let origin = try #require(FederationOrigin("https://qwinkle.example"))
        let time = Date(timeIntervalSince1970: 1_795_253_400)
        let abe = Account(id: Account.ID(integer: 1), username: "abe", createdAt: time)
        let entry = Entry(id: Entry.ID(integer: 7), author: abe.id, content: content, createdAt: time)
        let note = try #require(NoteDocument(origin: origin).note(entry, author: abe, inReplyTo: nil))
        return try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(note)) as? [String: Any])
    }

    @Test("A note carries every line as ActivityStreams names it, and a note read back gives every line")
    func throughActivityPub() throws {
        let json = try Self.noteJSON(EntryContent(kind: .update, body: "Coffee by the water", visibility: .public, lines: Self.everyLine))
        #expect(ContentLine.lines(in: json) == Self.everyLine)
        let place = try #require(json["location"] as? [String: Any])
        #expect(place["type"] as? String == "Place")
        #expect(place["name"] as? String == Self.everyLine[.location])

        // As other software writes it: a Place with more than a name, or only a string; too long is cut to the limit.
        let pixelfed: [String: Any] = ["location": ["type": "Place", "name": " Lisbon\n", "longitude": -9.1, "latitude": 38.7]]
        #expect(ContentLine.lines(in: pixelfed) == [.location: "Lisbon"])
        #expect(ContentLine.lines(in: ["location": String(repeating: "x", count: 300)])[.location]?.count == ContentLine.location.limit)
        #expect(ContentLine.lines(in: ["location": ["type": "Place"]]).isEmpty)
    }
}
