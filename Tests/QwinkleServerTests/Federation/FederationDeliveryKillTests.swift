import Foundation
import NIOHTTP1
import QwinkleTestSupport
import Testing

/// The delivery queue is in the database: a server killed with deliveries queued sends every one of them after it
/// starts again.
@Suite(
    "Federation: deliveries survive a kill",
    .disabled(if: PostgresTestDatabase.serversUsePostgres, "runs `qwinkle serve` on its data folder's SQLite file, whatever the backend; once is enough")
)
struct FederationDeliveryKillTests {
    @Test("kill -9 with 200 deliveries queued: after the restart every one is delivered")
    func killedWithDeliveriesQueued() async throws {
        try await withTimeout {
            // A slow inbox, so that most of the deliveries are still queued when the server is killed.
            try await FakeRemoteServer.run(inboxDelay: .milliseconds(50)) { remote in
                try await withTemporaryFolder { folder in
                    let options = ["--public-url", "https://qwinkle.example", "--federation-allows-private-addresses", "--federation-delivery-hold", "2"]
                    let first = try await ServeProcess.start(data: folder, options: options)
                    let token = try await first.signUp("abe")
                    let follow = #"{"id":"\#(remote.actor)/follows/1","type":"Follow","actor":"\#(remote.actor)","object":"https://qwinkle.example/people/abe"}"#
                    // Signed for the public host, which the proxy in front of a real server passes on as `Host`.
                    let host = "qwinkle.example"
                    let followed = try await TestHTTP.request(
                        .POST, first.url + "/people/abe/inbox", json: follow,
                        headers: try remote.signedHeaderList(for: follow, path: "/people/abe/inbox", host: host)
                    )
                    #expect(followed.status == 202)
                    #expect(try await remote.waitForInbox(count: 1).count == 1, "the Accept")

                    waitingFor("200 posts, then the kill")
                    var posted: [String] = []
                    for number in 0..<200 {
                        let answer = try await first.request(
                            .POST, "/api/qwinkle/v1/entries", token: token, json: #"{"kind": "update", "body": "Post \#(number)", "visibility": "public"}"#
                        )
                        posted.append(try #require(answer.json["id"].string))
                    }
                    await first.killNow()
                    let deliveredBeforeKill = Set(remote.inboxRequests.compactMap { $0.json["object"]["id"].string }).count
                    #expect(deliveredBeforeKill < 200, "the kill came while deliveries were queued")

                    waitingFor("the queued deliveries after the restart")
                    let second = try await ServeProcess.start(data: folder, options: options)
                    let wanted = Set(posted.map { "https://qwinkle.example/entries/\($0)" })
                    let deadline = Date().addingTimeInterval(120)
                    var delivered: Set<String> = []
                    while Date() < deadline {
                        delivered = Set(remote.inboxRequests.filter { $0.json["type"].string == "Create" }.compactMap { $0.json["object"]["id"].string })
                        if wanted.isSubset(of: delivered) { break }
                        try await Task.sleep(for: .milliseconds(100))
                    }
                    await second.stop()
                    #expect(wanted.subtracting(delivered).isEmpty, "\(wanted.subtracting(delivered).count) of 200 deliveries were lost")
                    let creates = remote.inboxRequests.filter { $0.json["type"].string == "Create" }.count
                    // At least once: one interrupted mid-send may go again; no more than the few in flight at the kill.
                    #expect(creates - 200 <= 8, "\(creates - 200) deliveries went twice")
                    print("federation kill test: \(deliveredBeforeKill) of 200 delivered before the kill, \(creates - 200) sent twice")
                }
            }
        }
    }
}
