import HTTPTypes
import QwinkleTestSupport
import Testing

@Suite("Search")
struct SearchTests {
    @Test("Entries are found as far as the viewer may read them, with the matching words marked in a snippet")
    func entries() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let open = try #require(try await api.post("A shark in the sea", as: abe)["id"].string)
            let mine = try #require(try await api.post("My secret shark", as: abe, visibility: "private")["id"].string)
            let signedOut = try await api.get("/api/qwinkle/v1/search?q=shark")
            #expect(signedOut.status == .ok)
            #expect(signedOut.json["entries"].array.map { $0["entry"]["id"].string } == [open])
            #expect(signedOut.json["accounts"].array.isEmpty)
            #expect(signedOut.json["entries"][0]["snippet"] == .array([
                .object(["text": .string("A "), "match": .bool(false)]), .object(["text": .string("shark"), "match": .bool(true)]),
                .object(["text": .string(" in the sea"), "match": .bool(false)]),
            ]))
            #expect(try await api.get("/api/qwinkle/v1/search?q=shark", token: mary.token).json["entries"].array.count == 1)
            let own = try await api.get("/api/qwinkle/v1/search?q=shark&type=entries", token: abe.token)
            #expect(Set(own.json["entries"].array.compactMap { $0["entry"]["id"].string }) == [open, mine])
            #expect(try await api.get("/api/qwinkle/v1/search?q=shark", token: "not-a-token").status == .unauthorized)
        }
    }

    @Test("Pages follow the Link header's cursor through the ranking, without gaps or repeats")
    func paging() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            var ids: Set<String> = []
            for index in 0..<5 { ids.insert(try #require(try await api.post("shark number \(index)", as: abe)["id"].string)) }
            var seen: [String] = []
            var path: String? = "/api/qwinkle/v1/search?q=%22shark%20number%22&limit=2"
            while let next = path, seen.count < 10 {
                let page = try await api.get(next)
                #expect(page.status == .ok)
                seen += page.json["entries"].array.compactMap { $0["entry"]["id"].string }
                path = page.headers[HTTPField.Name("Link")!].flatMap { link in
                    link.split(separator: ">").first.map { String($0.dropFirst()) }
                }
            }
            #expect(seen.count == 5)
            #expect(Set(seen) == ids)
            // The cursor names the ranked window (below the newest match's ID + 1) and the place in it: 2.
            let newest = try #require(ids.compactMap { Int64($0) }.max())
            #expect(try await api.get("/api/qwinkle/v1/search?q=shark&limit=2").headers[HTTPField.Name("Link")!]
                == "</api/qwinkle/v1/search?q=shark&type=entries&limit=2&cursor=\((newest + 1) * 1000 + 2)>; rel=\"next\"")
        }
    }

    @Test("Accounts are found by the start of their username or display name")
    func accounts() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let abel = try await api.signUp("abel")
            _ = try await api.signUp("mary")
            let found = try await api.get("/api/qwinkle/v1/search?q=%40ab&type=accounts")
            #expect(found.status == .ok)
            #expect(found.json["accounts"].array.compactMap { $0["id"].string } == [abe.id, abel.id])
            #expect(found.json["entries"].array.isEmpty)
            let control = try await api.get("/api/qwinkle/v1/search?q=ab%00&type=accounts")
            #expect(control.status == .unprocessableContent, "a NUL never reaches the database")
            #expect(control.errorCode == "invalid_characters")
            #expect(try await api.get("/api/qwinkle/v1/search?q=shark%00dragon").status == .ok, "in a query, a NUL only separates words")
        }
    }

    @Test("A query that cannot be read is 422 naming the problem; database syntax is only text, never a 500", arguments: [
        ("%22pink%20unicorn", "unbalanced_quote"),
        ("title%3Ashark", "unknown_operator"),
        ("before%3A2026-02-30", "invalid_date"),
        ("creature%3Acat", "unknown_creature"),
        ("", "empty_query"),
        ("-shark", "empty_query"),
    ])
    func badQueries(query: String, code: String) async throws {
        try await TestServer.run { api in
            let response = try await api.get("/api/qwinkle/v1/search?q=\(query)")
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == code)
            #expect(response.json["error"]["message"].string?.isEmpty == false)
        }
    }

    @Test("Text that is syntax to FTS5 or tsquery is searched for as words")
    func databaseSyntax() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let entry = try #require(try await api.post("Sharks AND dragons NEAR the sea", as: abe)["id"].string)
            for query in ["AND", "NEAR", "sharks%20OR", "%2A", "sea%2A", "NEAR%28sharks%20sea%29", "%22a%22%22b%22", "a%3A%21b", "%5Esea", "sea%20%26%20%21x%20%7C%20y"] {
                let response = try await api.get("/api/qwinkle/v1/search?q=\(query)")
                #expect(response.status == .ok || response.status == .unprocessableContent, "\(query): \(response.status)")
            }
            #expect(try await api.get("/api/qwinkle/v1/search?q=AND").json["entries"][0]["entry"]["id"].string == entry)
            let people = try await api.get("/api/qwinkle/v1/search?q=shark&type=people")
            #expect(people.status == .unprocessableContent, "\(people.status) \(people.json)")
            #expect(people.errorCode == "validation_failed")
            #expect(try await api.get("/api/qwinkle/v1/search?q=shark&cursor=-1").status == .unprocessableContent)
            let none = try await api.get("/api/qwinkle/v1/search")
            #expect(none.status == .badRequest, "\(none.status) \(none.json)")
            #expect(none.errorCode == "bad_request")
        }
    }
}
