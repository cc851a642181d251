import Foundation
import QwinkleFederation
import QwinkleServices
import QwinkleKit
import QwinkleStorage
import QwinkleTestSupport
import Testing

/// What an entry write is to send to other servers is kept by the write's own transaction: a server that stops right
/// after a commit leaves nothing only in its memory, and the next server to run sends it.
@Suite("Federation: a write's deliveries are kept with the write")
struct FederationOutgoingWritesTests {
    @Test("Writes committed just before the server stopped, their deliveries not yet queued, are delivered by the next server to run")
    func stoppedBetweenCommitAndQueue() async throws {
        try await withTimeout {
            try await FakeRemoteServer.run { remote in
                try await TestServer.withTemporaryData(federation: .on(FederationRemoteNotesTests.origin, allowsPrivateAddresses: true)) { server in
                    let (abe, first) = try await server.test(live: true) { client in
                        let api = APIClient(client: client)
                        let abe = try await api.signUp("abe")
                        try await FederationFollowTests.zedFollowsAbe(remote, api: api)
                        let first = try #require(try await api.post("First", as: abe)["id"].string)
                        #expect(try await remote.waitForInbox(count: 2).last?.json["type"].string == "Create")
                        await server.work.deliveriesSettled()
                        return (Account.ID(integer: try #require(Int64(abe.id))), Entry.ID(integer: try #require(Int64(first))))
                    }

                    // What a server commits for a post and an edit (the services' writes, announced), with no
                    // server running to queue their deliveries: as if it was killed right after the commits.
                    let second = try await server.withStorage { storage in
                        let new = NewEntry(
                            author: abe, content: EntryContent(kind: .update, body: "Second", visibility: .public), createdAt: Date(), announce: true
                        )
                        let second = try await storage.createEntry(new, idempotencyKey: nil).entry
                        var edited = try #require(try await storage.entry(id: first))
                        edited.content.body = "First, edited"
                        edited.revision = 2
                        edited.editedAt = Date()
                        #expect(try await storage.updateEntry(edited, expectedRevision: 1, notify: [:], announce: true))
                        #expect(try await storage.outgoingWriteCount() == 2)
                        return second
                    }

                    try await server.test(live: true) { _ in
                        let received = try await remote.waitForInbox(count: 4).dropFirst(2)
                        #expect(received.map { $0.json["type"].string } == ["Create", "Update"])
                        #expect(received.map { $0.json["object"]["id"].string } == [
                            "https://qwinkle.example/entries/\(second.id.rawValue)", "https://qwinkle.example/entries/\(first.rawValue)",
                        ])
                        #expect(received.last?.json["object"]["content"].string?.contains("First, edited") == true)
                        await server.work.deliveriesSettled()
                        #expect(try await server.withStorage { try await $0.outgoingWriteCount() } == 0)
                        #expect(remote.inboxRequests.count == 4, "each sent once")
                    }
                }
            }
        }
    }
}
