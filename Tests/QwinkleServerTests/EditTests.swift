import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

/// Talk 004's edits as suggestions: the owner applies an edit from the current revision, and answers an edit
/// from an older one with the merge, never applying it on its own.
@Suite("Editing entries")
struct EditTests {
    static let original = "I dreamt of a pink unicorn. It was raining."

    func edit(_ id: String, body: String, base: Int, visibility: String = "journal", as user: User, api: APIClient) async throws -> APIResponse {
        try await api.request(.put, "/api/qwinkle/v1/entries/\(id)", token: user.token, json: """
            {"base_revision": \(base), "kind": "journal", "body": \(APIClient.quoted(body)), "visibility": "\(visibility)"}
            """)
    }

    func journalEntry(_ api: APIClient, as user: User) async throws -> String {
        try #require(try await api.post(Self.original, as: user, visibility: "journal", kind: "journal")["id"].string)
    }

    @Test("An edit from the current revision becomes the next revision")
    func apply() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let id = try await journalEntry(api, as: abe)
            let response = try await edit(id, body: "I dreamt of a white unicorn. It was raining.", base: 1, as: abe, api: api)
            #expect(response.status == .ok)
            #expect(response.json["revision"].int == 2)
            #expect(response.json["body"].string == "I dreamt of a white unicorn. It was raining.")
            #expect(response.json["edited_at"].string != nil)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token).json["revision"].int == 2)
            let unchanged = try await edit(id, body: "I dreamt of a white unicorn. It was raining.", base: 2, as: abe, api: api)
            #expect(unchanged.json["revision"].int == 2, "an edit that changes nothing makes no revision")
        }
    }

    @Test("An edit from an older revision is a 409 with the clean merge, which applies when suggested again")
    func cleanMergeIsProposed() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let id = try await journalEntry(api, as: abe)
            _ = try await edit(id, body: "I dreamt of a white unicorn. It was raining.", base: 1, as: abe, api: api)
            let stale = try await edit(id, body: "I dreamt of a pink unicorn. It was snowing.", base: 1, as: abe, api: api)
            #expect(stale.status == .conflict)
            #expect(stale.json["error"]["code"].string == "edit_conflict")
            #expect(stale.json["base"]["body"].string == Self.original)
            #expect(stale.json["base"]["revision"].int == 1)
            #expect(stale.json["theirs"]["revision"].int == 2)
            #expect(stale.json["yours"]["body"].string == "I dreamt of a pink unicorn. It was snowing.")
            let merged = try #require(stale.json["merged"]["body"].string)
            #expect(merged == "I dreamt of a white unicorn. It was snowing.")
            #expect(stale.json["conflicts"].array.isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token).json["revision"].int == 2, "nothing was applied")
            let again = try await edit(id, body: merged, base: 2, as: abe, api: api)
            #expect(again.status == .ok && again.json["revision"].int == 3)
        }
    }

    @Test("Overlapping edits are a 409 listing the conflict; a body still holding the markers is refused")
    func conflict() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let id = try await journalEntry(api, as: abe)
            _ = try await edit(id, body: "I dreamt of a white unicorn. It was raining.", base: 1, as: abe, api: api)
            let stale = try await edit(id, body: "I dreamt of a yellow unicorn. It was raining.", base: 1, as: abe, api: api)
            #expect(stale.status == .conflict)
            let conflict = stale.json["conflicts"][0]
            #expect(conflict["part"].string == "body")
            #expect([conflict["base"].string, conflict["theirs"].string, conflict["yours"].string] == ["pink", "white", "yellow"])
            let merged = try #require(stale.json["merged"]["body"].string)
            #expect(ConflictMarkers.hasUnresolvedConflict(in: merged))
            let unresolved = try await edit(id, body: merged, base: 2, as: abe, api: api)
            #expect(unresolved.status == .unprocessableContent)
            #expect(unresolved.fieldErrors("body") == [EditRejection.unresolvedConflict.message])
        }
    }

    @Test("The length rule applies to an edit as to a new entry")
    func lengthRule() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let id = try await journalEntry(api, as: abe)
            let long = String(repeating: "a", count: 141)
            #expect(try await edit(id, body: long, base: 1, as: abe, api: api).status == .ok)
            let tooLong = try await edit(id, body: long, base: 2, visibility: "public", as: abe, api: api)
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.fieldErrors("body") == [DraftProblem.tooLong(by: 1).message])
            let future = try await edit(id, body: "hi", base: 9, as: abe, api: api)
            #expect(future.status == .unprocessableContent && !future.fieldErrors("base_revision").isEmpty)
        }
    }

    @Test("Only the author edits: a reader gets 403, someone who may not see it 404")
    func onlyTheAuthor() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let stranger = try await api.signUp("stranger")
            try await api.shareJournal(of: abe, with: mary)
            let id = try await journalEntry(api, as: abe)
            #expect(try await edit(id, body: "mine now", base: 1, as: mary, api: api).status == .forbidden)
            #expect(try await edit(id, body: "mine now", base: 1, as: stranger, api: api).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)/revisions", token: mary.token).status == .forbidden)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token).json["body"].string == Self.original)
        }
    }

    @Test("Revisions are whole values, oldest first; restoring one makes a new revision equal to it")
    func revisionsAndRestore() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let id = try await journalEntry(api, as: abe)
            _ = try await edit(id, body: "Second thoughts.", base: 1, as: abe, api: api)
            _ = try await edit(id, body: "Third thoughts.", base: 2, visibility: "private", as: abe, api: api)
            let revisions = try await api.get("/api/qwinkle/v1/entries/\(id)/revisions", token: abe.token).json.array
            #expect(revisions.compactMap { $0["revision"].int } == [1, 2, 3])
            #expect(revisions.compactMap { $0["body"].string } == [Self.original, "Second thoughts.", "Third thoughts."])
            #expect(revisions.compactMap { $0["visibility"].string } == ["journal", "journal", "private"])
            let restored = try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/revisions/1/restore", token: abe.token)
            #expect(restored.status == .ok)
            #expect(restored.json["revision"].int == 4)
            #expect(restored.json["body"].string == Self.original && restored.json["visibility"].string == "journal")
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)/revisions", token: abe.token).json.array.count == 4)
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/revisions/9/restore", token: abe.token).status == .notFound)
        }
    }

    @Test("Of 100 concurrent edits from the same base exactly one wins; the rest are 409 and nothing is lost")
    func concurrentEdits() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let id = try await journalEntry(api, as: abe)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<100 {
                    group.addTask { try await edit(id, body: "Edit number \(index).", base: 1, as: abe, api: api).status }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            #expect(statuses.filter { $0 == .conflict }.count == 99)
            let revisions = try await api.get("/api/qwinkle/v1/entries/\(id)/revisions", token: abe.token).json.array
            #expect(revisions.count == 2)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token).json["revision"].int == 2)
        }
    }
}
