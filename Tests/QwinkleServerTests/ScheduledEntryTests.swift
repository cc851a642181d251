import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleTestSupport
import Testing

/// Entries written now and posted later: seen by their author alone until their time, then posted once.
@Suite("Scheduled entries")
struct ScheduledEntryTests {
    /// The fake clock's start.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("A time under 5 minutes or over a year ahead is refused with the field named, beside the content's own problems")
    func window() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now) { api in
            let abe = try await api.signUp("abe")
            // The 5 minutes are measured from when a client sent the request, so a few seconds less still pass.
            let tooSoon = try await api.schedule("soon", as: abe, at: Self.start.addingTimeInterval(5 * 60 - 31))
            #expect(tooSoon.status == .unprocessableContent)
            #expect(tooSoon.fieldErrors("scheduled_at").first?.contains("at least 5 minutes") == true, "\(tooSoon.json)")
            let tooLate = try await api.schedule("late", as: abe, at: Self.start.addingTimeInterval(366 * 24 * 60 * 60))
            #expect(tooLate.status == .unprocessableContent)
            #expect(tooLate.fieldErrors("scheduled_at").first?.contains("a year") == true, "\(tooLate.json)")
            let past = try await api.schedule("yesterday", as: abe, at: Self.start.addingTimeInterval(-24 * 60 * 60))
            #expect(past.status == .unprocessableContent)
            let both = try await api.schedule(String(repeating: "x", count: 141), as: abe, at: Self.start.addingTimeInterval(60))
            #expect(both.status == .unprocessableContent)
            #expect(!both.fieldErrors("scheduled_at").isEmpty)
            #expect(!both.fieldErrors("body").isEmpty, "the content is checked as a post's: \(both.json)")
            let notMine = try await api.schedule("with a photo", as: abe, at: Self.start.addingTimeInterval(3_600), photos: ["999999"])
            #expect(notMine.status == .unprocessableContent)
            #expect(!notMine.fieldErrors("photos.0.id").isEmpty)
            for time in ["", "tomorrow", "0239-06-21T10:12:47.13-23:22"] {
                let unreadable = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: """
                    {"kind": "update", "body": "when?", "visibility": "public", "scheduled_at": "\(time)"}
                    """)
                #expect(unreadable.status == .unprocessableContent, "\(time): \(unreadable.json)")
            }
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array.isEmpty, "a refused schedule stores nothing")

            let earliest = try await api.schedule("just in time", as: abe, at: Self.start.addingTimeInterval(5 * 60))
            #expect(earliest.status == .accepted, "\(earliest.json)")
            let latest = try await api.schedule("next year", as: abe, at: Self.start.addingTimeInterval(365 * 24 * 60 * 60))
            #expect(latest.status == .accepted, "\(latest.json)")
            let id = try #require(earliest.json["id"].string)
            #expect(earliest.headers[.location] == "/api/qwinkle/v1/scheduled_entries/\(id)")
            #expect(earliest.json["author_id"].string == abe.id)
            #expect(earliest.json["scheduled_at"].string == "2027-01-15T08:05:00.000Z")
            #expect(earliest.json["entry"]["body"].string == "just in time")
            #expect(earliest.json["entry"]["visibility"].string == "public")
        }
    }

    @Test("An account may have 100 entries waiting; the 101st is refused with its own code until one is cancelled")
    func waitingLimit() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now) { api in
            let abe = try await api.signUp("abe")
            var first: String?
            for number in 1...100 {
                let response = try await api.schedule("number \(number)", as: abe, at: Self.start.addingTimeInterval(3_600 + Double(number)))
                #expect(response.status == .accepted)
                first = first ?? response.json["id"].string
            }
            let refused = try await api.schedule("one too many", as: abe, at: Self.start.addingTimeInterval(7_200))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.errorCode == "too_many_scheduled")
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array.count == 100)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/scheduled_entries/\(try #require(first))", token: abe.token).status == .noContent)
            #expect(try await api.schedule("room again", as: abe, at: Self.start.addingTimeInterval(7_200)).status == .accepted)
        }
    }

    @Test("Until it is posted nobody but its author finds it: not by ID, in a timeline, a profile, a search or a schedule")
    func invisibleToOthers() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now) { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(abe, by: mary)
            let photo = try await api.upload(as: abe)
            let scheduled = try await api.schedule("The secret launch", as: abe, at: Self.start.addingTimeInterval(3_600), photos: [photo])
            #expect(scheduled.status == .accepted)
            let id = try #require(scheduled.json["id"].string)

            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries/\(id)", token: abe.token).json["entry"]["body"].string == "The secret launch")
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries", token: mary.token).json.array.isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries/\(id)", token: mary.token).status == .notFound)
            #expect(try await api.request(.put, "/api/qwinkle/v1/scheduled_entries/\(id)", token: mary.token, json: Self.change("Mine now", at: Self.start.addingTimeInterval(7_200))).status == .notFound)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/scheduled_entries/\(id)", token: mary.token).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries/\(id)").status == .unauthorized)
            for viewer in [mary, abe] {
                #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: viewer.token).json.array.isEmpty)
                #expect(try await api.get("/api/qwinkle/v1/timelines/public", token: viewer.token).json.array.isEmpty)
                #expect(try await api.get("/api/qwinkle/v1/accounts/abe/entries", token: viewer.token).json.array.isEmpty)
                #expect(try await api.get("/api/qwinkle/v1/search?q=secret&type=entries", token: viewer.token).json["entries"].array.isEmpty)
            }
            #expect(try await api.get("/api/qwinkle/v1/photos/\(photo)", token: mary.token).status == .notFound, "its photo is not shown either")
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array.map { $0["id"].string } == [id])
            #expect(try await api.request(.delete, "/api/qwinkle/v1/scheduled_entries/\(id)", token: abe.token).status == .noContent, "Mary's tries changed nothing")
        }
    }

    @Test("The author lists them soonest first, changes one's time and text, and cancels one, which is then never posted")
    func listChangeCancel() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now) { api in
            let abe = try await api.signUp("abe")
            let later = try #require(try await api.schedule("later", as: abe, at: Self.start.addingTimeInterval(7_200)).json["id"].string)
            let sooner = try #require(try await api.schedule("sooner", as: abe, at: Self.start.addingTimeInterval(3_600)).json["id"].string)
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array.map { $0["id"].string } == [sooner, later])

            let changed = try await api.request(.put, "/api/qwinkle/v1/scheduled_entries/\(later)", token: abe.token, json: Self.change("earliest", at: Self.start.addingTimeInterval(600)))
            #expect(changed.status == .ok, "\(changed.json)")
            #expect(changed.json["entry"]["body"].string == "earliest")
            #expect(changed.json["scheduled_at"].string == "2027-01-15T08:10:00.000Z")
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array.map { $0["id"].string } == [later, sooner])
            let tooSoon = try await api.request(.put, "/api/qwinkle/v1/scheduled_entries/\(later)", token: abe.token, json: Self.change("now", at: Self.start.addingTimeInterval(60)))
            #expect(tooSoon.status == .unprocessableContent)
            #expect(!tooSoon.fieldErrors("scheduled_at").isEmpty)
            let twice = try await api.request(.put, "/api/qwinkle/v1/scheduled_entries/\(later)", token: abe.token, json: """
                {"scheduled_at": "2027-01-15T10:00:00Z", "entry": {"kind": "update", "body": "x", "visibility": "public", "scheduled_at": "2027-01-15T11:00:00Z"}}
                """)
            #expect(twice.status == .unprocessableContent)
            #expect(!twice.fieldErrors("entry.scheduled_at").isEmpty, "\(twice.json)")
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries/\(later)", token: abe.token).json["entry"]["body"].string == "earliest", "a refused change changes nothing")

            #expect(try await api.request(.delete, "/api/qwinkle/v1/scheduled_entries/\(sooner)", token: abe.token).status == .noContent)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/scheduled_entries/\(sooner)", token: abe.token).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries/\(sooner)", token: abe.token).status == .notFound)

            clock.advance(by: 2 * 3_600)
            let posted = try await api.waitForEntries(count: 1, of: abe)
            #expect(posted.map { $0["body"].string } == ["earliest"], "the cancelled one is never posted")
        }
    }

    @Test("When its time comes it is posted to everyone it was meant for, dated its time, with its photo, and leaves the schedule")
    func publishedWhenDue() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.withTemporaryData(clock: clock.now) { server in try await server.test { client in
            let api = APIClient(client: client)
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(abe, by: mary)
            let photo = try await api.upload(as: abe)
            let due = Self.start.addingTimeInterval(600)
            let scheduled = try await api.schedule("Launch day", as: abe, at: due, visibility: "followers", photos: [photo])
            #expect(scheduled.status == .accepted)

            clock.advance(by: 599)
            await server.work.scheduledSeen()
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: mary.token).json.array.isEmpty, "a second early, it waits")

            clock.advance(by: 1)
            let posted = try #require(try await api.waitForEntries(count: 1, of: abe, viewer: mary).first)
            #expect(posted["body"].string == "Launch day")
            #expect(posted["visibility"].string == "followers")
            #expect(posted["created_at"].string == "2027-01-15T08:10:00.000Z")
            #expect(posted["photos"][0]["id"].string == photo)
            #expect(try await api.get("/api/qwinkle/v1/timelines/home", token: mary.token).json.array.count == 1)
            #expect(try await api.get("/api/qwinkle/v1/photos/\(photo)", token: mary.token).status == .ok)
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array.isEmpty)
            let id = try #require(scheduled.json["id"].string)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/scheduled_entries/\(id)", token: abe.token).status == .notFound, "too late to cancel")
        } }
    }

    @Test("An entry posted when due reaches open streams live, as any new entry does")
    func publishedLive() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(live: true, clock: clock.now) { api in
            try await withTimeout(.seconds(60)) {
                let abe = try await api.signUp("abe")
                let mary = try await api.signUp("mary")
                var stream = try await api.liveStream("/api/qwinkle/v1/streaming/public", token: mary.token)
                #expect(try await api.schedule("Live at ten", as: abe, at: Self.start.addingTimeInterval(600)).status == .accepted)
                clock.advance(by: 600)
                let event = try #require(try await stream.nextEvent())
                #expect(event.name == "entry")
                #expect(event.json["body"].string == "Live at ten")
            }
        }
    }

    @Test("A server started after entries fell due posts them at once, dated when they appeared")
    func publishedAfterRestart() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.withTemporaryData(clock: clock.now) { server in
            let abe = try await server.test { client in
                let api = APIClient(client: client)
                let abe = try await api.signUp("abe")
                #expect(try await api.schedule("while you slept", as: abe, at: Self.start.addingTimeInterval(600)).status == .accepted)
                return abe
            }
            clock.advance(by: 3 * 3_600)
            try await server.test { client in
                let api = APIClient(client: client)
                let posted = try #require(try await api.waitForEntries(count: 1, of: abe).first)
                #expect(posted["body"].string == "while you slept")
                #expect(posted["created_at"].string == "2027-01-15T11:00:00.000Z", "posted three hours late, dated then")
                #expect(try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array.isEmpty)
            }
        }
    }

    @Test("On the real clock an entry is posted within 5 seconds of its time")
    func realClock() async throws {
        try await TestServer.withTemporaryData { server in
            try await server.test { client in
                let api = APIClient(client: client)
                let abe = try await api.signUp("abe")
                try await server.withStorage { storage in
                    // The API refuses anything under 5 minutes ahead; the storage takes what it is given. The time is
                    // taken here, once the storage is open, and the storage itself is watched rather than pages
                    // through the router, so what is measured is the publisher, not the test's own requests.
                    let due = Date().addingTimeInterval(1)
                    let scheduled = try #require(try await storage.scheduleEntry(
                        NewScheduledEntry(
                            author: Account.ID(rawValue: abe.id) ?? "0", content: EntryContent(kind: .update, body: "on the dot", visibility: .public),
                            scheduledAt: due
                        ),
                        limit: 100
                    ))
                    let deadline = ContinuousClock.now + .seconds(60)
                    var posted: Date?
                    // How late the machine itself ran: the slowest of the test's own reads and writes (a read
                    // marker saved, a transaction like the publisher's), and how far its own 20 ms sleeps overran.
                    // On a machine so loaded (all the suites at once on two cores) that a write waits seconds for
                    // the disk or a sleeping task waits seconds for a thread, the publisher (a sleep, a read, then a
                    // transaction of a few statements) is as late, and that is the machine's lateness, not the
                    // publisher's.
                    var slowestStep: TimeInterval = 0
                    let marker = Account.ID(rawValue: abe.id) ?? "0"
                    while posted == nil, ContinuousClock.now < deadline {
                        let started = Date()
                        let waiting = try await storage.scheduledEntry(id: scheduled.id) != nil
                        slowestStep = max(slowestStep, Date().timeIntervalSince(started))
                        let writing = Date()
                        _ = try await storage.saveReadMarker(of: marker, timeline: .home, lastReadID: "1", at: writing)
                        slowestStep = max(slowestStep, Date().timeIntervalSince(writing))
                        guard waiting else { posted = Date(); break }
                        let sleeping = Date()
                        try await Task.sleep(for: .milliseconds(20))
                        slowestStep = max(slowestStep, Date().timeIntervalSince(sleeping) - 0.02)
                    }
                    let late = try #require(posted, "not posted within 60 s").timeIntervalSince(due)
                    #expect(late < 5 + 4 * slowestStep, "posted \(late) s after its time; the machine's slowest step took \(slowestStep) s")
                }
                #expect(try await api.waitForEntries(count: 1, of: abe).map { $0["body"].string } == ["on the dot"])
            }
        }
    }
}

extension ScheduledEntryTests {
    @Test("The web app schedules from compose in the browser's own time, lists what is scheduled, moves it and cancels it")
    func webPages() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now) { api in
            let abe = try await api.signUp("abe")
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            #expect(try await browser.post("/login", [("username", "abe"), ("password", "correct horse")]).status == .seeOther)
            let compose = try await browser.get("/compose")
            #expect(compose.text.contains(#"name="scheduled_local""#))

            // 10:30 at UTC+2 is 08:30 UTC, half an hour after the clock's 08:00.
            let fields = [("kind", "update"), ("body", "See you at half past"), ("visibility", "public")]
            let tooSoon = try await browser.post("/compose", fields + [("scheduled_local", "2027-01-15T10:02"), ("scheduled_offset", "120")])
            #expect(tooSoon.status == .unprocessableContent)
            #expect(tooSoon.text.contains("at least 5 minutes"))
            #expect(tooSoon.text.contains("See you at half past"), "the text is kept")
            #expect(tooSoon.text.contains(#"value="2027-01-15T10:02""#) && tooSoon.text.contains(#"name="scheduled_offset" value="120""#), "so is the time")
            let scheduled = try await browser.post("/compose", fields + [("scheduled_local", "2027-01-15T10:30"), ("scheduled_offset", "120")])
            #expect(scheduled.status == .seeOther)
            #expect(scheduled.headers[.location] == "/scheduled")
            let listed = try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array
            #expect(listed.map { $0["scheduled_at"].string } == ["2027-01-15T08:30:00.000Z"])
            let id = try #require(listed.first?["id"].string)
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/entries", token: abe.token).json.array.isEmpty, "not posted now")

            let page = try await browser.get("/scheduled")
            #expect(page.status == .ok)
            #expect(page.text.contains("See you at half past"))
            #expect(page.text.contains(#"datetime="2027-01-15T08:30:00.000Z""#))

            let badTime = try await browser.post("/scheduled/\(id)/time", [("scheduled_local", "soon"), ("scheduled_offset", "0")])
            #expect(badTime.status == .unprocessableContent)
            #expect(badTime.text.contains("Give a date and time"))
            let moved = try await browser.post("/scheduled/\(id)/time", [("scheduled_local", "2027-01-15T12:00"), ("scheduled_offset", "-60")])
            #expect(moved.status == .seeOther)
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries/\(id)", token: abe.token).json["scheduled_at"].string == "2027-01-15T13:00:00.000Z")

            #expect(try await browser.post("/scheduled/\(id)/cancel", []).status == .seeOther)
            #expect(try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array.isEmpty)
            #expect(try await browser.get("/scheduled").text.contains("Nothing scheduled"))
        }
    }

    /// A `PUT /api/qwinkle/v1/scheduled_entries/ID` body: a public update at `time`.
    static func change(_ body: String, at time: Date) -> String {
        #"{"scheduled_at": "\#(RFC3339.string(from: time))", "entry": {"kind": "update", "body": \#(APIClient.quoted(body)), "visibility": "public"}}"#
    }
}

extension APIClient {
    /// Schedules an entry at `time` and returns the response, whatever it is.
    func schedule(_ body: String, as user: User, at time: Date, visibility: String = "public", photos: [String] = []) async throws -> APIResponse {
        let photoList = photos.map { #"{"id": "\#($0)", "alt": "a photo"}"# }.joined(separator: ",")
        return try await request(.post, "/api/qwinkle/v1/entries", token: user.token, json: """
            {"kind": "update", "body": \(Self.quoted(body)), "visibility": "\(visibility)", "photos": [\(photoList)], \
            "scheduled_at": "\(RFC3339.string(from: time))"}
            """)
    }

    /// The author's entries as `viewer` (the author by default) sees them, once there are `count`: the scheduler
    /// runs on its own, so the test waits for it (up to `within` of real time) rather than for a fixed while.
    func waitForEntries(count: Int, of author: User, viewer: User? = nil, within limit: Duration = .seconds(20)) async throws -> [JSON] {
        let deadline = ContinuousClock.now + limit
        while true {
            let entries = try await get("/api/qwinkle/v1/accounts/\(author.username)/entries", token: (viewer ?? author).token).json.array
            if entries.count >= count || ContinuousClock.now > deadline { return entries }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

/// A time as a `datetime-local` field holds it, in UTC.
enum LocalField {
    static func value(_ date: Date) -> String {
        String(RFC3339.string(from: date).prefix(16))
    }
}
