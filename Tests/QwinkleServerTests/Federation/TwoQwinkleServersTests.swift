import Foundation
import NIOHTTP1
import QwinkleTestSupport
import Testing

/// Two Qwinkle servers, each on a loopback address of its own, federate as two servers on the internet would:
/// people follow across, read each other's entries in their home timelines, reply, mark, edit, delete and unfollow.
@Suite(
    "Federation: two Qwinkle servers", .timeLimit(.minutes(5)),
    .disabled(if: PostgresTestDatabase.serversUsePostgres, "runs `qwinkle serve` on its data folders' SQLite files, whatever the backend; once is enough")
)
struct TwoQwinkleServersTests {
    /// A server at `http://host:port`, federating, with addresses of this machine allowed (both are on loopback).
    private static func start(_ folder: URL, host: String) async throws -> ServeProcess {
        let port = 8180
        return try await ServeProcess.start(
            data: folder, port: port,
            options: ["--host", host, "--public-url", "http://\(host):\(port)", "--federation-allows-private-addresses", "--federation-delivery-hold", "5"]
        )
    }

    /// Asks `read` again until `condition` holds of its answer, for up to a minute; the last answer.
    private static func eventually(
        _ what: String, _ read: () async throws -> JSON, until condition: (JSON) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> JSON {
        let deadline = Date().addingTimeInterval(60)
        var answer = try await read()
        while !condition(answer), Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            answer = try await read()
        }
        #expect(condition(answer), "\(what): \(answer)", sourceLocation: sourceLocation)
        return answer
    }

    /// The bodies of a timeline's entries.
    private static func bodies(_ timeline: JSON) -> [String] {
        timeline.array.compactMap { $0["body"].string }
    }

    @Test("Follow across, Accept, public and followers-only entries delivered, a reply back, a mark, an edit, a delete, an unfollow")
    func federate() async throws {
        try await Self.withTwoServers { servers in
            try await Self.federate(servers.a, servers.b, hostA: servers.hostA, hostB: servers.hostB)
        }
    }

    @Test("A server killed (kill -9) the moment its posts are answered delivers every one of them once it runs again")
    func killedRightAfterPosting() async throws {
        try await Self.withTwoServers { servers in
            let (a, b) = (servers.a, servers.b)
            let abe = try await a.signUp("abe")
            let cid = try await b.signUp("cid")
            let followed = try await b.request(.POST, "/api/qwinkle/v1/accounts/abe@\(servers.hostA):8180/follow", token: cid)
            #expect(followed.status == 200, "\(followed.json)")
            _ = try await Self.eventually("abe has cid as a follower", {
                try await a.request(.GET, "/people/abe/followers", headers: [("Accept", "application/activity+json")]).json
            }, until: { $0["totalItems"].int == 1 })

            waitingFor("five posts on A, killed as the last is answered, then A again")
            var bodies: [String] = []
            for number in 1...5 {
                let body = "Posted just before the kill, \(number)"
                let posted = try await a.request(.POST, "/api/qwinkle/v1/entries", token: abe, json: #"{"kind": "update", "body": "\#(body)", "visibility": "public"}"#)
                #expect(posted.status == 201)
                bodies.insert(body, at: 0)
            }
            try await servers.killAndRestartA()
            // Every post, once: the order they reach B in is not promised when A sends again after a crash (B's home
            // is in the order entries reached it).
            _ = try await Self.eventually("every post in cid's home on B", {
                try await b.request(.GET, "/api/qwinkle/v1/timelines/home", token: cid).json
            }, until: { Self.bodies($0).sorted() == bodies.sorted() })
        }
    }

    /// A and B, each on a loopback address and in a folder of its own; A may be killed and started again.
    private final class TwoServers {
        let folder: URL
        let hostA = LoopbackHost.unique()
        let hostB = LoopbackHost.unique()
        private(set) var a: ServeProcess
        let b: ServeProcess

        init(folder: URL) async throws {
            self.folder = folder
            a = try await TwoQwinkleServersTests.start(folder.appendingPathComponent("a"), host: hostA)
            do {
                b = try await TwoQwinkleServersTests.start(folder.appendingPathComponent("b"), host: hostB)
            } catch {
                await a.stop()
                throw error
            }
        }

        /// Kills A at once, as a crash would, and starts it again on its data.
        func killAndRestartA() async throws {
            await a.killNow()
            a = try await TwoQwinkleServersTests.start(folder.appendingPathComponent("a"), host: hostA)
        }

        /// Stops both.
        func stop() async {
            await a.stop()
            await b.stop()
        }
    }

    /// Runs `body` with A and B running, and stops them afterwards, whatever `body` did.
    private static func withTwoServers(_ body: @escaping @Sendable (TwoServers) async throws -> Void) async throws {
        try await withTimeout {
            try await withTemporaryFolder { folder in
                let servers = try await TwoServers(folder: folder)
                do {
                    try await body(servers)
                } catch {
                    await servers.stop()
                    throw error
                }
                await servers.stop()
            }
        }
    }

    /// The conversation between A and B.
    private static func federate(_ a: ServeProcess, _ b: ServeProcess, hostA: String, hostB: String) async throws {
        let abe = try await a.signUp("abe")
        let bea = try await b.signUp("bea")
        let beaHandle = "bea@\(hostB):8180"
        let abeHandle = "abe@\(hostA):8180"

        waitingFor("abe on A finds cid on B by handle")
    let cid = try await b.signUp("cid")
    let found = try await a.request(.GET, "/api/qwinkle/v1/search?type=accounts&q=%40cid%40\(hostB)%3A8180", token: abe)
    #expect(found.status == 200)
    #expect(found.json["accounts"].array.compactMap { $0["username"].string } == ["cid@\(hostB):8180"])
    // The web app shows where cid lives, and links to their own profile there.
    let page = try await TestHTTP.request(.GET, a.url + "/people/cid@\(hostB):8180")
    #expect(page.status == 200)
    #expect(String(decoding: page.body, as: UTF8.self).contains(#"href="http://\#(hostB):8180/people/cid""#))
    // A journal never leaves the server: it cannot be shared with someone elsewhere.
    let reader = try await a.request(.POST, "/api/qwinkle/v1/journal/readers", token: abe, json: #"{"username": "cid@\#(hostB):8180"}"#)
    #expect(reader.status == 422, "\(reader.json)")

    waitingFor("a private message from abe on A to cid on B, and cid's answer")
        let message = try await a.request(.POST, "/api/qwinkle/v1/messages", token: abe, json: #"{"to": ["cid@\#(hostB):8180"], "body": "psst"}"#)
        #expect(message.status == 201, "\(message.json)")
        let cidsConversations = try await Self.eventually("cid has a conversation", {
            try await b.request(.GET, "/api/qwinkle/v1/conversations", token: cid).json
        }, until: { $0.array.count == 1 })
        let onB = try #require(cidsConversations.array.first?["id"].string)
        let cidReads = try await b.request(.GET, "/api/qwinkle/v1/conversations/\(onB)/messages", token: cid).json
        #expect(cidReads.array.compactMap { $0["body"].string } == ["psst"])
        #expect(try await b.request(.GET, "/api/qwinkle/v1/timelines/public").json.array.isEmpty, "a message is no entry")
        let answer = try await b.request(.POST, "/api/qwinkle/v1/messages", token: cid, json: #"{"to": ["\#(abeHandle)"], "body": "got it"}"#)
        #expect(answer.status == 201, "\(answer.json)")
        #expect(answer.json["conversation"]["id"].string == onB, "cid answers in the conversation abe's message started")
        let abesConversations = try await a.request(.GET, "/api/qwinkle/v1/conversations", token: abe).json
        #expect(abesConversations.array.count == 1)
        let onA = try #require(abesConversations.array.first?["id"].string)
        _ = try await Self.eventually("abe reads cid's answer in the same conversation", {
            try await a.request(.GET, "/api/qwinkle/v1/conversations/\(onA)/messages", token: abe).json
        }, until: { $0.array.compactMap { $0["body"].string } == ["got it", "psst"] })

    waitingFor("abe on A follows bea on B")
        let followed = try await a.request(.POST, "/api/qwinkle/v1/accounts/\(beaHandle)/follow", token: abe)
        #expect(followed.status == 200, "\(followed.json)")
        #expect(followed.json["account"]["username"].string == beaHandle)
        #expect(followed.json["following"].bool == true)
        // B accepts: bea's followers are counted with abe among them.
        _ = try await Self.eventually("bea has a follower", {
            try await b.request(.GET, "/people/bea/followers", headers: [("Accept", "application/activity+json")]).json
        }, until: { $0["totalItems"].int == 1 })

        waitingFor("bea's entries in abe's home timeline on A")
        let hello = try await b.request(.POST, "/api/qwinkle/v1/entries", token: bea, json: #"{"kind": "update", "body": "Hello from B", "visibility": "public"}"#)
        #expect(hello.status == 201)
        let helloID = try #require(hello.json["id"].string)
        let close = try await b.request(
            .POST, "/api/qwinkle/v1/entries", token: bea, json: #"{"kind": "update", "body": "For my followers", "visibility": "followers"}"#
        )
        let closeID = try #require(close.json["id"].string)
        let journal = try await b.request(
            .POST, "/api/qwinkle/v1/entries", token: bea, json: #"{"kind": "journal", "body": "canary-journal-b", "visibility": "journal"}"#
        )
        #expect(journal.status == 201)
        let home = try await Self.eventually("both entries in abe's home", {
            try await a.request(.GET, "/api/qwinkle/v1/timelines/home", token: abe).json
        }, until: { Set(Self.bodies($0)).isSuperset(of: ["Hello from B", "For my followers"]) })
        #expect(home.array.allSatisfy { $0["author"]["username"].string == beaHandle })
        #expect(!Self.bodies(home).contains("canary-journal-b"))
        let helloOnA = try #require(home.array.first { $0["body"].string == "Hello from B" }?["id"].string)
        let closeOnA = try #require(home.array.first { $0["body"].string == "For my followers" }?["id"].string)
        #expect(home.array.first { $0["id"].string == closeOnA }?["visibility"].string == "followers")
        // A followers-only entry of bea is abe's to read on A, not anyone's.
        #expect(try await a.request(.GET, "/api/qwinkle/v1/entries/\(closeOnA)").status == 404)
        #expect(try await a.request(.GET, "/api/qwinkle/v1/entries/\(helloOnA)").status == 200)

        waitingFor("an unlisted entry of bea's with a link, a mention of abe, a tag, a warning and a described photo, on A")
        let upload = try await TestHTTP.request(.POST, b.url + "/api/qwinkle/v1/photos", token: bea, bytes: Data(TestImages.png), contentType: "image/png")
        let photoOnB = try #require(upload.json["id"].string)
        let rich = try await b.request(.POST, "/api/qwinkle/v1/entries", token: bea, json: """
            {"kind": "update", "body": "Cake at https://example.com/cake with @\(abeHandle) #baking", "visibility": "unlisted",
             "content_warning": "Cake talk", "photos": [{"id": "\(photoOnB)", "alt": "A slice of cake"}]}
            """)
        #expect(rich.status == 201, "\(rich.json)")
        let richHome = try await Self.eventually("the entry in abe's home", {
            try await a.request(.GET, "/api/qwinkle/v1/timelines/home", token: abe).json
        }, until: { Self.bodies($0).contains { $0.hasPrefix("Cake at") } })
        let richOnA = try #require(richHome.array.first { $0["body"].string?.hasPrefix("Cake at") == true })
        #expect(richOnA["body"].string == "Cake at https://example.com/cake with @abe #baking")
        #expect(richOnA["visibility"].string == "unlisted" && richOnA["content_warning"].string == "Cake talk")
        #expect(richOnA["tags"].array.compactMap(\.string) == ["baking"])
        #expect(richOnA["mentions"].array.compactMap { $0["username"].string } == ["abe"])
        let html = try #require(richOnA["html"].string)
        #expect(html.contains(#"<a href="https://example.com/cake" rel="nofollow noopener noreferrer" target="_blank">https://example.com/cake</a>"#))
        #expect(html.contains(#"class="mention hashtag""#) && html.contains(#"class="u-url mention""#))
        let photoOnA = try #require(richOnA["photos"].array.first)
        #expect(photoOnA["alt"].string == "A slice of cake")
        let copy = try await TestHTTP.get(a.url + "/api/qwinkle/v1/photos/\(photoOnA["id"].string ?? "")", token: abe)
        #expect(copy.status == 200 && copy.body.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the photo was fetched from B and is served by A")
        let publicOnA = try await a.request(.GET, "/api/qwinkle/v1/timelines/public").json
        #expect(!Self.bodies(publicOnA).contains { $0.hasPrefix("Cake at") }, "unlisted on A too")

        waitingFor("abe's reply and mark reach bea on B")
        let reply = try await a.request(
            .POST, "/api/qwinkle/v1/entries", token: abe,
            json: #"{"kind": "update", "body": "Hello back from A", "visibility": "public", "in_reply_to": "\#(helloOnA)"}"#
        )
        #expect(reply.status == 201, "\(reply.json)")
        let marked = try await a.request(.POST, "/api/qwinkle/v1/entries/\(helloOnA)/mark", token: abe)
        #expect(marked.status == 200)
        // A public entry mentioning bea reaches her server, which tells her, though she does not follow abe.
        let mention = try await a.request(
            .POST, "/api/qwinkle/v1/entries", token: abe, json: #"{"kind": "update", "body": "Thanks @\#(beaHandle) for the scones", "visibility": "public"}"#
        )
        #expect(mention.json["mentions"][0]["username"].string == "bea", "\(mention.json)")
        let thread = try await Self.eventually("abe's reply in bea's thread", {
            try await b.request(.GET, "/api/qwinkle/v1/entries/\(helloID)/context", token: bea).json
        }, until: { "\($0)".contains("Hello back from A") })
        #expect("\(thread)".contains(abeHandle))
        _ = try await Self.eventually("bea told of the reply and the mark", {
            try await b.request(.GET, "/api/qwinkle/v1/notifications", token: bea).json
        }, until: { "\($0)".contains("marked") && "\($0)".contains("replied") && "\($0)".contains("mentioned") && "\($0)".contains(abeHandle) })

        waitingFor("bea's edit and deletion reach A")
        let edited = try await b.request(
            .PUT, "/api/qwinkle/v1/entries/\(helloID)", token: bea, json: #"{"kind": "update", "body": "Hello from B, edited", "visibility": "public", "base_revision": 1}"#
        )
        #expect(edited.status == 200, "\(edited.json)")
        #expect(try await b.request(.DELETE, "/api/qwinkle/v1/entries/\(closeID)", token: bea).status == 204)
        _ = try await Self.eventually("the edit in abe's home, the deleted entry gone", {
            try await a.request(.GET, "/api/qwinkle/v1/timelines/home", token: abe).json
        }, until: { Self.bodies($0).contains("Hello from B, edited") && !Self.bodies($0).contains("For my followers") })
        // A new revision of the same entry, as an edit here makes.
        let editedOnA = try await a.request(.GET, "/api/qwinkle/v1/entries/\(helloOnA)", token: abe).json
        #expect(editedOnA["revision"].int == 2 && editedOnA["edited_at"].string != nil)

        waitingFor("abe unfollows; bea's next entry stays on B")
        // abe follows cid too: what cid posts next is delivered to A after anything bea posts before it (B queues
        // writes in order and sends each server its deliveries in order), so its arrival on A is the event after
        // which bea's entry would have arrived, were it sent.
        let cidHandle = "cid@\(hostB):8180"
        #expect(try await a.request(.POST, "/api/qwinkle/v1/accounts/\(cidHandle)/follow", token: abe).json["following"].bool == true)
        _ = try await Self.eventually("cid has a follower", {
            try await b.request(.GET, "/people/cid/followers", headers: [("Accept", "application/activity+json")]).json
        }, until: { $0["totalItems"].int == 1 })
        let unfollowed = try await a.request(.DELETE, "/api/qwinkle/v1/accounts/\(beaHandle)/follow", token: abe)
        #expect(unfollowed.json["following"].bool == false)
        _ = try await Self.eventually("bea has no follower", {
            try await b.request(.GET, "/people/bea/followers", headers: [("Accept", "application/activity+json")]).json
        }, until: { $0["totalItems"].int == 0 })
        _ = try await b.request(.POST, "/api/qwinkle/v1/entries", token: bea, json: #"{"kind": "update", "body": "After the unfollow", "visibility": "public"}"#)
        _ = try await b.request(.POST, "/api/qwinkle/v1/entries", token: cid, json: #"{"kind": "update", "body": "Marker from cid", "visibility": "public"}"#)
        _ = try await Self.eventually("cid's entry in abe's home", {
            try await a.request(.GET, "/api/qwinkle/v1/timelines/home", token: abe).json
        }, until: { Self.bodies($0).contains("Marker from cid") })
        let after = try await a.request(.GET, "/api/qwinkle/v1/timelines/public").json
        #expect(!Self.bodies(after).contains("After the unfollow"))
        #expect(!Self.bodies(after).contains("canary-journal-b"))

        waitingFor("bea follows abe, then deletes her account: A forgets her")
        let beaFollows = try await b.request(.POST, "/api/qwinkle/v1/accounts/\(abeHandle)/follow", token: bea)
        #expect(beaFollows.json["following"].bool == true, "\(beaFollows.json)")
        _ = try await Self.eventually("abe has bea as a follower", {
            try await a.request(.GET, "/people/abe/followers", headers: [("Accept", "application/activity+json")]).json
        }, until: { $0["totalItems"].int == 1 })
        #expect(try await a.request(.GET, "/api/qwinkle/v1/entries/\(helloOnA)").status == 200)
        let deleted = try await b.request(.POST, "/api/qwinkle/v1/accounts/me/deletion", token: bea, json: #"{"password": "correct horse"}"#)
        #expect(deleted.status == 204, "\(deleted.json)")
        _ = try await Self.eventually("abe has no follower", {
            try await a.request(.GET, "/people/abe/followers", headers: [("Accept", "application/activity+json")]).json
        }, until: { $0["totalItems"].int == 0 })
        // Her server tells A of her follow's end and of her deletion in two deliveries, which may land in either order.
        _ = try await Self.eventually("her entries are gone from A", {
            JSON.number(Double(try await a.request(.GET, "/api/qwinkle/v1/entries/\(helloOnA)").status))
        }, until: { $0.int == 404 })
        #expect(try await a.request(.GET, "/api/qwinkle/v1/accounts/\(beaHandle)").status == 404, "and her account")
    }
}
