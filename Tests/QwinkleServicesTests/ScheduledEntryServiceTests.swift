import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import Synchronization
import Testing

/// Scheduled entries: invisible until due, then posted once and told to live timelines as any new entry.
@Suite("Scheduled entries")
struct ScheduledEntryServiceTests {
    @Test("A scheduled entry is posted when it falls due, dated its time, and only then told to live timelines")
    func postedWhenDue() async throws {
        let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let bed = try ServicesTestBed { now.withLock { $0 } }
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let at = now.withLock { $0 }.addingTimeInterval(10 * 60)
        let recorder = EventRecorder(bed.bus)
        let scheduled = try await bed.services.scheduled.schedule(EntryContent(kind: .update, body: "Later", visibility: .public), at: at, by: abe)
        #expect(try await bed.services.scheduled.publishDue().isEmpty, "nothing is due yet")

        now.withLock { $0 = at.addingTimeInterval(1) }
        let published = try await bed.services.scheduled.publishDue()
        #expect(published.map(\.content) == [scheduled.content])
        #expect(published.first?.createdAt == at)
        #expect(try await bed.services.scheduled.scheduled(of: abe).isEmpty)
        #expect(try await bed.services.scheduled.publishDue().isEmpty, "an entry is posted once")
        let created = await recorder.events().compactMap { event -> Entry? in
            if case .created(let entry, _) = event { entry } else { nil }
        }
        #expect(created == published)
    }

    @Test("A time too soon is refused together with the content's own problems")
    func everyProblemAtOnce() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let bed = try ServicesTestBed { now }
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        do {
            _ = try await bed.services.scheduled.schedule(
                EntryContent(kind: .update, body: "", visibility: .public), at: now.addingTimeInterval(60), by: abe
            )
            Issue.record("an empty entry a minute ahead was scheduled")
        } catch ServiceError.invalid(let fields, _) {
            #expect(Set(fields.keys) == ["body", "scheduled_at"])
        }
        #expect(try await bed.services.scheduled.scheduled(of: abe).isEmpty)
    }
}
