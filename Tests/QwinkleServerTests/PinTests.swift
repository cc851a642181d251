import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleServices
import QwinkleTestSupport
import Testing

/// Pins: a person features up to five of their own entries at the top of their profile, in the API, on the web and
/// to other servers (the actor's `featured` collection); each reader sees the pins they may read.
@Suite("Pins")
struct PinTests {
    @Test("Your own public, unlisted or followers-only entries pin, newest first, five at most; each reader sees the pins they may read")
    func api() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let cal = try await api.signUp("cal")
            try await api.follow(abe, by: mary)
            let open = try #require(try await api.post("For everyone", as: abe)["id"].string)
            let quiet = try #require(try await api.post("Quietly", as: abe, visibility: "unlisted")["id"].string)
            let followers = try #require(try await api.post("For followers", as: abe, visibility: "followers")["id"].string)
            let journal = try #require(try await api.post("Dear diary", as: abe, visibility: "journal")["id"].string)
            let marys = try #require(try await api.post("Mary's", as: mary)["id"].string)

            for id in [open, quiet, followers] {
                let pinned = try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/pin", token: abe.token)
                #expect(pinned.status == .ok && pinned.json["pinned"] == .bool(true), "\(pinned.json)")
            }
            let diary = try await api.request(.post, "/api/qwinkle/v1/entries/\(journal)/pin", token: abe.token)
            #expect(diary.status == .unprocessableContent && diary.fieldErrors("id").first?.contains("journal") == true, "\(diary.json)")
            let others = try await api.request(.post, "/api/qwinkle/v1/entries/\(marys)/pin", token: abe.token)
            #expect(others.status == .unprocessableContent && others.fieldErrors("id").first?.contains("your own") == true, "\(others.json)")

            // Newest pin first; a stranger and a visitor see what they may read of them, a follower all three.
            let pins = "/api/qwinkle/v1/accounts/abe/pinned"
            #expect(try await api.get(pins, token: mary.token).json.ids == [followers, quiet, open])
            #expect(try await api.get(pins, token: cal.token).json.ids == [quiet, open])
            #expect(try await api.get(pins).json.ids == [quiet, open])
            #expect(try await api.get("/api/qwinkle/v1/entries/\(open)", token: cal.token).json["pinned"] == .bool(true), "pins are public")
            #expect(try await api.get("/api/qwinkle/v1/entries/\(journal)", token: abe.token).json["pinned"].isNull, "left out for false")
            #expect(try await api.get("/api/qwinkle/v1/accounts/nobody/pinned").status == .notFound)

            var more: [String] = []
            for number in 1...3 { more.append(try #require(try await api.post("More \(number)", as: abe)["id"].string)) }
            for id in more.prefix(2) { #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/pin", token: abe.token).status == .ok) }
            let sixth = try await api.request(.post, "/api/qwinkle/v1/entries/\(more[2])/pin", token: abe.token)
            #expect(sixth.status == .unprocessableContent && sixth.json["error"]["code"].string == "too_many_pins", "\(sixth.json)")
            #expect(try await api.get(pins, token: abe.token).json.ids.count == 5, "the refused pin changed nothing")

            let unpinned = try await api.request(.delete, "/api/qwinkle/v1/entries/\(open)/pin", token: abe.token)
            #expect(unpinned.status == .ok && unpinned.json["pinned"].isNull)
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(more[2])/pin", token: abe.token).status == .ok, "room for one more")
            // A pinned entry deleted leaves the pins with it.
            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(more[2])", token: abe.token).status.code < 300)
            #expect(try await api.get(pins, token: abe.token).json.ids == [more[1], more[0], followers, quiet])
        }
    }

    @Test("On the web the author pins from an entry's page, and the profile shows the pins above the entries")
    func web() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            _ = try await api.signUp("mary")
            let entry = try #require(try await api.post("Worth keeping on top", as: abe)["id"].string)
            try await api.post("An ordinary day", as: abe)

            var mary = try await MastodonAppSession.browser(api, as: "mary")
            #expect(try await !mary.get("/entries/\(entry)").text.contains(#"data-role="pin""#), "only the author is offered to pin")
            var browser = try await MastodonAppSession.browser(api, as: "abe")
            let page = try await browser.get("/entries/\(entry)")
            #expect(page.text.contains(#"action="/entries/\#(entry)/pin""#))
            #expect(try await browser.post("/entries/\(entry)/pin", []).status == .seeOther)
            #expect(try await browser.get("/entries/\(entry)").text.contains(#"data-role="unpin""#))

            var visitor = WebSession(api)
            let profile = try await visitor.get("/people/abe").text
            let pinned = try #require(profile.range(of: #"data-role="pinned""#), "the profile has its pins")
            let entries = try #require(profile.range(of: "<h2>Entries</h2>"))
            #expect(pinned.lowerBound < entries.lowerBound, "above the entries")
            let section = profile[pinned.lowerBound..<entries.lowerBound]
            #expect(section.contains("Worth keeping on top") && !section.contains("An ordinary day"))

            #expect(try await browser.post("/entries/\(entry)/unpin", []).status == .seeOther)
            #expect(try await !visitor.get("/people/abe").text.contains(#"data-role="pinned""#), "no pins, no section")
        }
    }

    @Test("Followers elsewhere are sent an Add to the featured collection for a pin anyone may read, and a Remove for its unpin")
    func addAndRemove() async throws {
        try await FederationTestBed.run { remote, server, api in
            let abe = try await api.signUp("abe")
            try await FederationFollowTests.zedFollowsAbe(remote, api: api)
            let open = try #require(try await api.post("For everyone", as: abe)["id"].string)
            let close = try #require(try await api.post("For followers", as: abe, visibility: "followers")["id"].string)
            let created = try await remote.waitForInbox(count: 3)
            #expect(created.dropFirst().allSatisfy { $0.json["type"].string == "Create" })

            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(open)/pin", token: abe.token).status == .ok)
            let added = try #require(try await remote.waitForInbox(count: 4).last?.json)
            #expect(added["type"].string == "Add" && added["actor"].string == "https://qwinkle.example/people/abe")
            #expect(added["object"].string == "https://qwinkle.example/entries/\(open)")
            #expect(added["target"].string == "https://qwinkle.example/people/abe/featured")
            // Pinned again, or a pin the collection never shows: nobody is told.
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(open)/pin", token: abe.token).status == .ok)
            #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(close)/pin", token: abe.token).status == .ok)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/entries/\(open)/pin", token: abe.token).status == .ok)
            let removed = try #require(try await remote.waitForInbox(count: 5).last?.json)
            #expect(removed["type"].string == "Remove" && removed["object"].string == added["object"].string && removed["target"] == added["target"])
            await server.work.deliveriesSettled()
            #expect(remote.inboxRequests.count == 5, "one Add and one Remove, nothing for the rest")
        }
    }

    @Test("Other servers find the pins in the actor's featured collection: the notes anyone may read, newest pin first")
    func featured() async throws {
        let origin = FederationOrigin("https://qwinkle.example")!
        try await TestServer.run(federation: .on(origin)) { api in
            let abe = try await api.signUp("abe")
            let open = try #require(try await api.post("For everyone", as: abe)["id"].string)
            let quiet = try #require(try await api.post("Quietly", as: abe, visibility: "unlisted")["id"].string)
            let followers = try #require(try await api.post("For followers", as: abe, visibility: "followers")["id"].string)
            for id in [open, quiet, followers] {
                #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/pin", token: abe.token).status == .ok)
            }
            let activity: HTTPFields = [.accept: "application/activity+json"]
            let actor = try await api.request(.get, "/people/abe", headers: activity).json
            #expect(actor["featured"].string == "https://qwinkle.example/people/abe/featured")
            #expect(actor["@context"].array.contains { $0["featured"]["@id"].string == "toot:featured" }, "the term is defined: \(actor["@context"])")

            let collection = try await api.request(.get, "/people/abe/featured", headers: activity)
            #expect(collection.status == .ok && collection.headers[.contentType]?.hasPrefix("application/activity+json") == true)
            #expect(collection.json["type"].string == "OrderedCollection" && collection.json["totalItems"].int == 2)
            let notes = collection.json["orderedItems"].array
            #expect(notes.compactMap { $0["id"].string } == ["https://qwinkle.example/entries/\(quiet)", "https://qwinkle.example/entries/\(open)"])
            #expect(notes.allSatisfy { $0["type"].string == "Note" && $0["attributedTo"].string == "https://qwinkle.example/people/abe" })
            #expect(try await api.request(.get, "/people/nobody/featured", headers: activity).status == .notFound)
        }
    }
}
