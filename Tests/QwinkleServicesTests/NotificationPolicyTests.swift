import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import Testing

/// Notifications are judged by the one `Policy` as they are read: one that names an entry the reader may not read
/// is neither shown nor counted, whoever recorded it.
@Suite("Notifications through the policy")
struct NotificationPolicyTests {
    @Test("A notification naming someone else's private entry, or a journal not shared, is not shown or counted")
    func hiddenSubjects() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let mary = try await bed.signUp("mary")
        let secret = try await bed.post("Abe's secret", by: abe, visibility: .private)
        let open = try await bed.post("Abe's open entry", by: abe)
        for entry in [secret, open] {
            try await bed.storage.addNotification(NewNotification(recipient: mary.id, kind: .editRefused, actor: abe.id, entry: entry.id, createdAt: Date()))
        }
        let page = try await bed.services.notifications.page(for: mary, page: PageRequest(limit: 20))
        #expect(page.items.map(\.entry?.id) == [open.id])
        #expect(try await bed.services.notifications.unreadCount(for: mary) == 1)

        _ = try await bed.services.social.addJournalReader("mary", by: abe)
        #expect(try await bed.services.notifications.page(for: mary, page: PageRequest(limit: 20)).items.first?.kind == .journalShared)
        try await bed.services.social.removeJournalReader("mary", by: abe)
        let kinds = try await bed.services.notifications.page(for: mary, page: PageRequest(limit: 20)).items.map(\.kind)
        #expect(kinds == [.journalUnshared, .editRefused], "a journal no longer shared is not announced as shared")
    }
}
