import Foundation
import NIOHTTP1
import QwinkleTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two real `qwinkle serve` processes on one PostgreSQL database, as a scaled-out deployment runs them.
@Suite(
    "Two servers on PostgreSQL", .timeLimit(.minutes(10)),
    .enabled(if: PostgresTestDatabase.url != nil, Comment(rawValue: PostgresTestDatabase.skipNotice))
)
struct TwoServersTests {
    /// Runs `body` with two servers on one new schema of the test database, each with a data folder of its own (so
    /// nothing but the database is shared), and stops them and drops the schema after.
    private func withTwoServers(_ body: (ServeProcess, ServeProcess) async throws -> Void) async throws {
        let schema = PostgresTestDatabase.newSchema()
        let database = try PostgresTestDatabase.urlText(schema: schema)
        try await withTemporaryFolder { folder in
            let a = try await ServeProcess.start(data: folder.appendingPathComponent("a"), database: database)
            let b = try await ServeProcess.start(data: folder.appendingPathComponent("b"), database: database)
            do {
                try await body(a, b)
            } catch {
                await a.stop()
                await b.stop()
                throw error
            }
            await a.stop()
            await b.stop()
        }
        try await PostgresTestDatabase.dropSchema(schema)
    }

    @Test("Sign up on one, log in on the other; a post on A is on B's timeline and B's stream; a photo from A downloads in part from B")
    func endToEnd() async throws {
        try await withTimeout {
            try await withTwoServers { a, b in
                _ = try await a.signUp("abe")
                let login = try await b.request(.POST, "/api/qwinkle/v1/sessions", json: #"{"username": "abe", "password": "correct horse"}"#)
                #expect(login.status == 201)
                let token = try #require(login.json["token"].string)

                var stream = try await EventStream.open(port: b.port, path: "/api/qwinkle/v1/streaming/home", token: token)
                _ = try await stream.untilLive()
                let posted = try await a.request(
                    .POST, "/api/qwinkle/v1/entries", token: token, json: #"{"kind": "update", "body": "Written on A", "visibility": "public"}"#
                )
                #expect(posted.status == 201)
                let id = try #require(posted.json["id"].string)
                let shown = try await stream.events(through: id)
                #expect(shown.last?.name == "entry")
                let home = try await b.request(.GET, "/api/qwinkle/v1/timelines/home", token: token)
                #expect(home.json[0]["body"].string == "Written on A")

                let uploaded = try await TestHTTP.request(
                    .POST, a.url + "/api/qwinkle/v1/photos", token: token, bytes: Data(TestImages.png), contentType: "image/png"
                )
                #expect(uploaded.status == 201)
                let photo = try #require(uploaded.json["id"].string)
                let whole = try await TestHTTP.get(b.url + "/api/qwinkle/v1/photos/\(photo)", token: token)
                #expect(whole.body == Data(TestImages.png))
                let part = try await TestHTTP.request(.GET, b.url + "/api/qwinkle/v1/photos/\(photo)", token: token, headers: [("Range", "bytes=1-3")])
                #expect(part.status == 206)
                #expect(part.body == Data(TestImages.png[1...3]), "the range is the photo's bytes 1 to 3: \"PNG\"")
            }
        }
    }

    @Test("A server killed in the middle of 500 posts spread over both loses none it acknowledged")
    func killedMidway() async throws {
        try await withTimeout {
            try await withTwoServers { a, b in
                let token = try await a.signUp("abe")
                waitingFor("500 posts over two servers, one of them killed")
                let acknowledged = try await withThrowingTaskGroup(of: String?.self) { group in
                    for number in 0..<500 {
                        group.addTask {
                            // Fifty at a time, so the kill lands in the middle rather than after everything was sent.
                            try await Task.sleep(for: .milliseconds(number / 50 * 40))
                            let server = number.isMultiple(of: 2) ? a : b
                            guard let response = try? await server.request(
                                .POST, "/api/qwinkle/v1/entries", token: token,
                                json: #"{"kind": "update", "body": "Post \#(number)", "visibility": "public"}"#, failFast: true
                            ), response.status == 201 else { return nil }
                            return response.json["id"].string
                        }
                    }
                    group.addTask {
                        try await Task.sleep(for: .milliseconds(200))
                        kill(a.serverPID, SIGKILL)
                        return nil
                    }
                    return try await group.reduce(into: [String]()) { ids, id in id.map { ids.append($0) } }
                }
                // B may refuse some under the load (503 once no connection comes within five seconds); what it and A
                // acknowledged is what must survive.
                #expect(!acknowledged.isEmpty)
                #expect(acknowledged.count < 500, "A was killed before it answered all of its posts")
                var stored: Set<String> = []
                var maxID: String?
                while true {
                    let path = "/api/qwinkle/v1/accounts/abe/entries?limit=40" + (maxID.map { "&max_id=\($0)" } ?? "")
                    let page = try await b.request(.GET, path, token: token)
                    let ids = page.json.ids
                    guard !ids.isEmpty else { break }
                    stored.formUnion(ids)
                    maxID = ids.last
                }
                let lost = Set(acknowledged).subtracting(stored)
                #expect(lost.isEmpty, "\(lost.count) acknowledged posts are missing")
            }
        }
    }
}
