import QwinkleKit
import QwinkleServices
import QwinkleStorage
import Synchronization

/// What the `direct` stream follows: the reader's conversations, each told again (Mastodon's `conversation` event)
/// when a message comes in it, whichever app or server sent it. Every message sent tells its participants
/// (`EntryEvent.notified`), and each such event reads the conversations whose latest message is newer than the
/// newest told so far.
final class MastodonConversationWatch: Sendable {
    /// Whose conversations.
    let reader: Account
    /// The hash of the token the stream was opened with, whose revocation ends it.
    let tokenHash: String?
    private let services: Services
    /// The newest latest message told, by its ID.
    private let newest: Mutex<Int64>

    private init(reader: Account, tokenHash: String?, services: Services, newest: Int64) {
        self.reader = reader
        self.tokenHash = tokenHash
        self.services = services
        self.newest = Mutex(newest)
    }

    /// Starts watching from the reader's conversations as they are now; open it after subscribing to the events,
    /// so a message sent in between is told rather than missed.
    static func open(for reader: Account, tokenHash: String?, services: Services) async throws -> MastodonConversationWatch {
        let latest = try await services.messages.conversations(of: reader, page: PageRequest(limit: 1))
        return MastodonConversationWatch(
            reader: reader, tokenHash: tokenHash, services: services, newest: latest.items.first?.lastMessage?.id.integerValue ?? 0
        )
    }

    /// The conversations an event brings news of, newest last; `nil` when the stream must end.
    func changed(by event: EntryEvent) async throws -> [ShownConversation]? {
        switch event {
        case .notified(let account) where account == reader.id:
            let since = newest.withLock { $0 }
            let found = try await services.messages.conversations(of: reader, page: PageRequest(limit: 40, sinceCursor: since))
            let told = found.items.reversed().filter { ($0.lastMessage?.id.integerValue ?? 0) > since }
            let top = told.compactMap { $0.lastMessage?.id.integerValue }.max() ?? since
            newest.withLock { $0 = Swift.max($0, top) }
            return Array(told)
        case .signedOut(let hash) where hash == tokenHash:
            return nil
        default:
            return []
        }
    }
}
