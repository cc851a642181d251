import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import Synchronization
import Testing

/// The trash at the services' level: restoring tells live timelines, and the trash is emptied after 30 days.
@Suite("Trash")
struct TrashServiceTests {
    @Test("Entries deleted more than 30 days ago are deleted for good; younger ones wait")
    func emptiedAfterThirtyDays() async throws {
        let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let bed = try ServicesTestBed { now.withLock { $0 } }
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let old = try await bed.post("old", by: abe).entry
        try await bed.services.entries.delete(id: old.id.rawValue, by: abe)
        now.withLock { $0.addTimeInterval(20 * 24 * 60 * 60) }
        let young = try await bed.post("young", by: abe).entry
        try await bed.services.entries.delete(id: young.id.rawValue, by: abe)
        now.withLock { $0.addTimeInterval(10 * 24 * 60 * 60 + 1) }

        #expect(try await bed.services.entries.emptyTrash() == 1)
        let left = try await bed.services.entries.trash(of: abe, page: PageRequest(limit: 10))
        #expect(left.items.map(\.entry.entry.id) == [young.id])
        await #expect(throws: ServiceError.notFound("The entry \(old.id)")) {
            try await bed.services.entries.restoreDeleted(id: old.id.rawValue, by: abe)
        }
    }

    @Test("Restoring is told to live timelines as an update of the same entry")
    func restoreIsTold() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let entry = try await bed.post("back again", by: abe).entry
        try await bed.services.entries.delete(id: entry.id.rawValue, by: abe)
        let recorder = EventRecorder(bed.bus)
        let restored = try await bed.services.entries.restoreDeleted(id: entry.id.rawValue, by: abe)
        #expect(restored.entry == entry)
        #expect(await recorder.events() == [.updated(before: nil, after: entry, author: abe)])
    }
}
