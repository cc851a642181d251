import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

/// Drafts kept by the server: their owner's alone, saved as they are typed, merged when two clients save one, and
/// gone once posted.
@Suite("Drafts")
struct DraftTests {
    @Test("A draft is kept as written, even empty or too long to post, listed newest saved first, and its owner's alone")
    func keepAndList() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let empty = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "update", "body": "", "visibility": "public"}"#)
            #expect(empty.status == .created, "\(empty.json)")
            let emptyID = try #require(empty.json["id"].string)
            #expect(empty.headers[.location] == "/api/qwinkle/v1/drafts/\(emptyID)")
            #expect(empty.json["revision"].int == 1)
            #expect(empty.json["owner_id"].string == abe.id)

            let long = String(repeating: "a", count: 300)
            let dream = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: """
                {"kind": "dream", "body": "\(long)", "visibility": "public", \
                "dream": {"creature": "shark", "effects": ["snow"], "number_of_creatures": 2}}
                """)
            #expect(dream.status == .created, "a draft may be too long to post yet")
            let dreamID = try #require(dream.json["id"].string)
            #expect(dream.json["dream"]["creature"].string == "shark")

            #expect(try await api.get("/api/qwinkle/v1/drafts", token: abe.token).json.ids == [dreamID, emptyID])
            let saved = try await api.request(.put, "/api/qwinkle/v1/drafts/\(emptyID)", token: abe.token, json: """
                {"base_revision": 1, "kind": "update", "body": "Gave a speech", "visibility": "public"}
                """)
            #expect(saved.status == .ok)
            #expect(saved.json["revision"].int == 2)
            #expect(try await api.get("/api/qwinkle/v1/drafts", token: abe.token).json.ids == [emptyID, dreamID], "the latest save comes first")
            let paged = try await api.get("/api/qwinkle/v1/drafts?limit=1", token: abe.token)
            #expect(paged.json.ids == [emptyID])
            let next = try #require(paged.headers[HTTPField.Name("Link")!])
            #expect(next.contains("/api/qwinkle/v1/drafts?limit=1&max_id="))

            #expect(try await api.get("/api/qwinkle/v1/drafts", token: mary.token).json.array.isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(emptyID)", token: mary.token).status == .notFound)
            let theirs = try await api.request(.put, "/api/qwinkle/v1/drafts/\(emptyID)", token: mary.token, json: """
                {"base_revision": 2, "kind": "update", "body": "Mine now", "visibility": "public"}
                """)
            #expect(theirs.status == .notFound)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/drafts/\(emptyID)", token: mary.token).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(emptyID)").status == .unauthorized)
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(emptyID)", token: abe.token).json["body"].string == "Gave a speech")

            #expect(try await api.request(.delete, "/api/qwinkle/v1/drafts/\(emptyID)", token: abe.token).status == .noContent)
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(emptyID)", token: abe.token).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/drafts", token: abe.token).json.ids == [dreamID])
        }
    }

    @Test("A draft is refused whole when it is over the cap, has someone else's photo, or a dream without its details")
    func refusals() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let photo = try await api.upload(as: mary)
            let huge = String(repeating: "a", count: 20_001)
            let tooBig = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "journal", "body": "\#(huge)", "visibility": "private"}"#)
            #expect(tooBig.status == .unprocessableContent)
            #expect(!tooBig.fieldErrors("body").isEmpty)
            for line in ContentLine.allCases {
                let hugeLine = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "update", "body": "", "visibility": "public", "\#(line.rawValue)": "\#(huge)"}"#)
                #expect(hugeLine.status == .unprocessableContent)
                #expect(!hugeLine.fieldErrors(line.rawValue).isEmpty)
            }
            let stolen = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: """
                {"kind": "update", "body": "", "visibility": "public", "photos": [{"id": "\(photo)"}]}
                """)
            #expect(stolen.status == .unprocessableContent)
            #expect(!stolen.fieldErrors("photos.0.id").isEmpty)
            let dream = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "dream", "body": "", "visibility": "public"}"#)
            #expect(dream.status == .unprocessableContent)
            let twice = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: """
                {"kind": "dream", "body": "", "visibility": "public", "dream": {"creature": "shark", "effects": ["rain", "rain"], "number_of_creatures": 1}}
                """)
            #expect(twice.status == .unprocessableContent, "the contract's uniqueItems")
            #expect(!twice.fieldErrors("dream.effects").isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/drafts", token: abe.token).json.array.isEmpty)

            // A line too long to post is kept in a draft, as a body too long to post is: posting judges it.
            let long = String(repeating: "b", count: 150)
            let kept = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "update", "body": "Hi", "visibility": "public", "location": "\#(long)"}"#)
            #expect(kept.status == .created, "\(kept.json)")
            #expect(kept.json["location"].string == long)
        }
    }

    @Test("Two clients saving one draft: the second is 409 with the merge and nothing changes, and saving the merge from their revision keeps it")
    func conflictingSaves() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let created = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: """
                {"kind": "journal", "body": "We walked to the lake and it rained.", "visibility": "journal"}
                """)
            let id = try #require(created.json["id"].string)
            let web = try await api.request(.put, "/api/qwinkle/v1/drafts/\(id)", token: abe.token, json: """
                {"base_revision": 1, "kind": "journal", "body": "We walked to the old lake and it rained.", "visibility": "journal"}
                """)
            #expect(web.status == .ok)
            let cli = try await api.request(.put, "/api/qwinkle/v1/drafts/\(id)", token: abe.token, json: """
                {"base_revision": 1, "kind": "journal", "body": "We walked to the lake and it snowed.", "visibility": "private"}
                """)
            #expect(cli.status == .conflict)
            #expect(cli.json["error"]["code"].string == "draft_conflict")
            #expect(cli.json["base_revision"].int == 1)
            #expect(cli.json["theirs"]["revision"].int == 2)
            #expect(cli.json["base"]["body"].string == "We walked to the lake and it rained.")
            #expect(cli.json["yours"]["body"].string == "We walked to the lake and it snowed.")
            #expect(cli.json["merged"]["body"].string == "We walked to the old lake and it snowed.")
            #expect(cli.json["merged"]["visibility"].string == "private")
            #expect(cli.json["conflicts"].array.isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(id)", token: abe.token).json["body"].string == "We walked to the old lake and it rained.")

            let again = try await api.request(.put, "/api/qwinkle/v1/drafts/\(id)", token: abe.token, json: """
                {"base_revision": 2, "kind": "journal", "body": "We walked to the old lake and it snowed.", "visibility": "private"}
                """)
            #expect(again.status == .ok)
            #expect(again.json["revision"].int == 3)

            let clash = try await api.request(.put, "/api/qwinkle/v1/drafts/\(id)", token: abe.token, json: """
                {"base_revision": 2, "kind": "journal", "body": "We walked to the old lake and it hailed.", "visibility": "journal"}
                """)
            #expect(clash.status == .conflict)
            #expect(clash.json["conflicts"].array.contains { $0["part"].string == "body" })
            #expect(clash.json["merged"]["body"].string?.contains("<<<<<<<") == true)

            let unknown = try await api.request(.put, "/api/qwinkle/v1/drafts/\(id)", token: abe.token, json: """
                {"base_revision": 9, "kind": "journal", "body": "From nowhere", "visibility": "journal"}
                """)
            #expect(unknown.status == .unprocessableContent)
            #expect(!unknown.fieldErrors("base_revision").isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(id)", token: abe.token).json["revision"].int == 3)
        }
    }

    @Test("Posting with draft_id deletes the draft with the entry; a gone or someone else's draft posts nothing; a replayed post still answers")
    func postingRemovesTheDraft() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let draft = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "update", "body": "Hello", "visibility": "public"}"#)
            let id = try #require(draft.json["id"].string)
            let marys = try await api.request(.post, "/api/qwinkle/v1/drafts", token: mary.token, json: #"{"kind": "update", "body": "Hi", "visibility": "public"}"#)
            let marysID = try #require(marys.json["id"].string)

            let post = #"{"kind": "update", "body": "Hello there", "visibility": "public", "draft_id": "\#(id)"}"#
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "post-draft-1"]
            let posted = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: post, headers: key)
            #expect(posted.status == .created)
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(id)", token: abe.token).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/drafts", token: abe.token).json.array.isEmpty)

            let replayed = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: post, headers: key)
            #expect(replayed.status == .created, "a lost answer's retry gets the entry, though its draft is gone")
            #expect(replayed.json["id"].string == posted.json["id"].string)

            let twice = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: post)
            #expect(twice.status == .unprocessableContent)
            #expect(!twice.fieldErrors("draft_id").isEmpty)
            let notHis = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: """
                {"kind": "update", "body": "Hello there", "visibility": "public", "draft_id": "\(marysID)"}
                """)
            #expect(notHis.status == .unprocessableContent)
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(marysID)", token: mary.token).status == .ok, "someone else's draft is untouched")
            #expect(try await api.get("/api/qwinkle/v1/timelines/public").json.array.count == 1, "nothing else was posted")

            let tooLong = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: """
                {"kind": "update", "body": "\(String(repeating: "a", count: 141))", "visibility": "public"}
                """)
            let tooLongID = try #require(tooLong.json["id"].string)
            let refused = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: """
                {"kind": "update", "body": "\(String(repeating: "a", count: 141))", "visibility": "public", "draft_id": "\(tooLongID)"}
                """)
            #expect(refused.status == .unprocessableContent, "the length rule applies when posting")
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(tooLongID)", token: abe.token).status == .ok, "a refused post keeps its draft")
        }
    }

    @Test("The web app: the compose page continues a draft, its script saves with the page's CSRF token, the drafts page lists it, and posting the form removes it")
    func webApp() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            #expect(try await browser.post("/login", [("username", "abe"), ("password", "correct horse")]).status == .seeOther)
            let compose = try await browser.get("/compose")
            #expect(compose.text.contains(#"name="draft_id" value="""#))
            #expect(compose.text.contains(#"href="/drafts""#))

            // What compose.js sends a second after typing stops: the API, with the session and the page's token.
            let saved = try await browser.apiRequest(.post, "/api/qwinkle/v1/drafts", json: #"{"kind": "journal", "body": "Dear diary", "visibility": "journal"}"#, csrfHeader: browser.csrfToken)
            #expect(saved.status == .created)
            let id = try #require(saved.json["id"].string)
            #expect(try await browser.apiRequest(.post, "/api/qwinkle/v1/drafts", json: #"{"kind": "update", "body": "", "visibility": "public"}"#).status == .unauthorized, "no token, no save")

            let drafts = try await browser.get("/drafts")
            #expect(drafts.text.contains(#"data-draft-id="\#(id)""#) && drafts.text.contains("Dear diary"))
            let continued = try await browser.get("/compose?draft=\(id)")
            #expect(continued.status == .ok)
            #expect(continued.text.contains(#"name="draft_id" value="\#(id)""#))
            #expect(continued.text.contains(#"name="draft_revision" value="1""#))
            #expect(continued.text.contains("Dear diary</textarea>"))
            #expect(try await browser.get("/compose?draft=999999").status == .notFound)

            let posted = try await browser.post("/compose", [
                ("kind", "journal"), ("body", "Dear diary, done"), ("visibility", "journal"), ("draft_id", id), ("draft_revision", "1"),
            ])
            #expect(posted.status == .seeOther)
            #expect(try await api.get("/api/qwinkle/v1/drafts", token: abe.token).json.array.isEmpty)
            #expect(try await browser.get("/drafts").text.contains(#"data-role="no-drafts""#))
        }
    }
}
