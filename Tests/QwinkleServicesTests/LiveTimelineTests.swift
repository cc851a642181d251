import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import Testing

/// A live timeline judges events in memory, against the relations it keeps and refreshes only when told.
@Suite("Live timelines")
struct LiveTimelineTests {
    @Test("A followed author's entry is shown, with its author, marked false, and nothing read to decide it")
    func shows() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let mary = try await bed.signUp("mary")
        _ = try await bed.services.social.follow("abe", by: mary)
        let live = try await bed.services.timelines.live(.home(viewer: mary.id), account: mary, tokenHash: nil, since: nil, heartbeat: .seconds(3600))
        defer { live.subscription.finish() }
        let entry = try await bed.post("hello", by: abe, visibility: .followers).entry
        #expect(try await live.verdict(on: .created(entry, author: abe)) == .entry(TimelineEntry(entry: entry, author: abe, marked: false)))
        let hidden = try await bed.post("just me", by: abe, visibility: .private).entry
        #expect(try await live.verdict(on: .created(hidden, author: abe)) == .skip)
    }

    @Test("Relations are kept, not read per event: a follow stored behind the services' back is seen only once it is told")
    func cachedRelations() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let mary = try await bed.signUp("mary")
        let live = try await bed.services.timelines.live(.home(viewer: mary.id), account: mary, tokenHash: nil, since: nil, heartbeat: .seconds(3600))
        defer { live.subscription.finish() }
        let entry = try await bed.post("for followers", by: abe, visibility: .followers).entry
        // Written straight to the storage: no event, so the timeline still judges with the relations it has.
        try await bed.storage.follow(mary.id, abe.id, at: Date())
        #expect(try await live.verdict(on: .created(entry, author: abe)) == .skip)
        #expect(try await live.verdict(on: .relationsChanged(of: abe.id)) == .skip, "someone else's change is not read")
        #expect(try await live.verdict(on: .created(entry, author: abe)) == .skip)
        #expect(try await live.verdict(on: .relationsChanged(of: mary.id)) == .skip)
        #expect(try await live.verdict(on: .created(entry, author: abe)) == .entry(TimelineEntry(entry: entry, author: abe, marked: false)))
    }

    @Test("An edit out of sight removes the entry; its own session's sign-out ends the stream, another's does not")
    func removeAndEnd() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let live = try await bed.services.timelines.live(.everyonePublic, account: nil, tokenHash: "mine", since: nil, heartbeat: .seconds(3600))
        defer { live.subscription.finish() }
        let before = try await bed.post("open", by: abe).entry
        var after = before
        after.visibility = .private
        after.revision += 1
        #expect(try await live.verdict(on: .updated(before: before, after: after, author: abe)) == .remove(before.id))
        #expect(try await live.verdict(on: .deleted(after)) == .skip, "it was not shown, so there is nothing to take away")
        #expect(try await live.verdict(on: .signedOut(tokenHash: "another")) == .skip)
        #expect(try await live.verdict(on: .signedOut(tokenHash: "mine")) == .end)
    }
}
