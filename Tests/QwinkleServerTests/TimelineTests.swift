import HTTPTypes
import QwinkleTestSupport
import Testing

@Suite("Timelines")
struct TimelineTests {
    @Test("Home has my entries and those of the people I follow, newest first")
    func home() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let stranger = try await api.signUp("stranger")
            try await api.follow(mary, by: abe)
            let mine = try #require(try await api.post("mine", as: abe)["id"].string)
            let hers = try #require(try await api.post("hers", as: mary, visibility: "followers")["id"].string)
            _ = try await api.post("not followed", as: stranger)
            _ = try await api.post("her private", as: mary, visibility: "private")
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.ids == [hers, mine])
            #expect(try await api.get("/api/qwinkle/v1/timelines/home").status == .unauthorized)
        }
    }

    @Test("The public timeline is readable without a token and has only public entries")
    func publicTimeline() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let open = try #require(try await api.post("open", as: abe)["id"].string)
            _ = try await api.post("followers", as: abe, visibility: "followers")
            _ = try await api.post("journal", as: abe, visibility: "journal", kind: "journal")
            #expect(try await api.get("/api/qwinkle/v1/timelines/public").json.ids == [open])
        }
    }

    @Test("Pages: limit, max_id from the Link header, since_id; no gaps, no repeats")
    func paging() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            var ids: [String] = []
            for index in 0..<7 { ids.append(try #require(try await api.post("entry \(index)", as: abe)["id"].string)) }
            let newestFirst = Array(ids.reversed())
            let first = try await api.get("/api/qwinkle/v1/timelines/public?limit=3")
            #expect(first.json.ids == Array(newestFirst[0..<3]))
            let link = try #require(first.headers[HTTPField.Name("Link")!])
            #expect(link == "</api/qwinkle/v1/timelines/public?limit=3&max_id=\(newestFirst[2])>; rel=\"next\"")
            let second = try await api.get("/api/qwinkle/v1/timelines/public?limit=3&max_id=\(newestFirst[2])")
            #expect(second.json.ids == Array(newestFirst[3..<6]))
            let third = try await api.get("/api/qwinkle/v1/timelines/public?limit=3&max_id=\(newestFirst[5])")
            #expect(third.json.ids == [newestFirst[6]])
            #expect(third.headers[HTTPField.Name("Link")!] == nil, "the last page links nowhere")
            #expect(try await api.get("/api/qwinkle/v1/timelines/public?since_id=\(newestFirst[2])").json.ids == Array(newestFirst[0..<2]))
        }
    }

    @Test("A limit below 1, or a cursor that is not an ID, is 422")
    func limits() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            for index in 0..<3 { _ = try await api.post("entry \(index)", as: abe) }
            #expect(try await api.get("/api/qwinkle/v1/timelines/public?limit=0").status == .unprocessableContent)
            #expect(try await api.get("/api/qwinkle/v1/timelines/public?max_id=abc").status == .unprocessableContent)
            let notANumber = try await api.get("/api/qwinkle/v1/timelines/public?limit=ten")
            #expect(notANumber.status == .unprocessableContent)
            #expect(notANumber.json["error"]["message"].string == "A parameter has a value of the wrong type: expected an integer.")
        }
    }

    @Test("A page is full even when entries the viewer may not see lie between")
    func fullPagesDespiteHiddenEntries() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(abe, by: mary)
            var visible: [String] = []
            for index in 0..<30 {
                // Journal entries of a followed author reach the home query but not this viewer.
                _ = try await api.post("journal \(index)", as: abe, visibility: "journal", kind: "journal")
                if index % 10 == 0 { visible.append(try #require(try await api.post("open \(index)", as: abe)["id"].string)) }
            }
            let page = try await api.get("/api/qwinkle/v1/timelines/home?limit=2", token: mary.token)
            #expect(page.json.ids == Array(visible.reversed().prefix(2)))
        }
    }
}
