import HTTPTypes
import QwinkleTestSupport
import Testing

/// Talk 004: a journal shared with a loved one is readable by her and by nobody else.
@Suite("Shared journals")
struct JournalTests {
    @Test("A journal shared with a loved one is readable by her and by nobody else")
    func lovedOne() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let follower = try await api.signUp("follower")
            try await api.follow(abe, by: follower)
            try await api.follow(abe, by: mary)
            let entry = try #require(try await api.post("Dear diary", as: abe, visibility: "journal", kind: "journal")["id"].string)
            let secret = try #require(try await api.post("Only mine", as: abe, visibility: "private", kind: "journal")["id"].string)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(entry)", token: mary.token).status == .notFound, "not shared yet")

            try await api.shareJournal(of: abe, with: mary)
            #expect(try await api.get("/api/qwinkle/v1/journal/readers", token: abe.token).json.ids == [mary.id])
            #expect(try await api.get("/api/qwinkle/v1/entries/\(entry)", token: mary.token).status == .ok)
            #expect(try await api.get("/api/qwinkle/v1/timelines/journal", token: mary.token).json.ids == [entry])
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: mary.token).json.ids == [entry])
            #expect(try await api.get("/api/qwinkle/v1/timelines/journal", token: abe.token).json.ids == [secret, entry])
            for outsider in [follower.token, nil] {
                #expect(try await api.get("/api/qwinkle/v1/entries/\(entry)", token: outsider).status == .notFound)
                #expect(try await api.get("/api/qwinkle/v1/accounts/abe/entries", token: outsider).json.ids.isEmpty)
            }
            #expect(try await api.get("/api/qwinkle/v1/timelines/journal", token: follower.token).json.ids.isEmpty)

            #expect(try await api.request(.delete, "/api/qwinkle/v1/journal/readers/mary", token: abe.token).status == .noContent)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(entry)", token: mary.token).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/timelines/journal", token: mary.token).json.ids.isEmpty)
        }
    }

    @Test("Sharing with yourself or with nobody is refused")
    func refusals() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let selfShare = try await api.request(.post, "/api/qwinkle/v1/journal/readers", token: abe.token, json: #"{"username": "abe"}"#)
            #expect(selfShare.status == .unprocessableContent)
            let nobody = try await api.request(.post, "/api/qwinkle/v1/journal/readers", token: abe.token, json: #"{"username": "nobody"}"#)
            #expect(nobody.status == .notFound)
            let missing = try await api.request(.post, "/api/qwinkle/v1/journal/readers", token: abe.token, json: "{}")
            #expect(missing.status == .unprocessableContent)
            #expect(missing.fieldErrors("username") == ["This field is required."])
        }
    }
}
