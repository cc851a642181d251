import Foundation
import QwinkleClient
import QwinkleKit

/// The app's connection to its server: who is signed in, the client, the offline cache and the outbox. Every
/// screen goes through it, so signing in or out changes the client in one place.
@MainActor
final class AppSession {
    /// The server.
    let address: ServerAddress
    /// Where the credentials that `qwinkle login` keeps are.
    let credentials: CredentialStore
    /// The offline database, when it can be opened.
    let offline: OfflineStore?
    /// Where the app's own state is saved between runs.
    let stateURL: URL
    /// The client, signed in or not.
    private(set) var api: APIClient
    /// The signed-in account's username.
    private(set) var username: String?
    /// Told when someone signs in.
    var onSignIn: (() -> Void)?
    /// Told when the account signs out here (its account deleted), to show the log-in screen again.
    var onSignOut: (() -> Void)?

    /// A session on a server, signed in with the saved credential if there is one.
    init(address: ServerAddress, credentials: CredentialStore, offline: OfflineStore?, stateURL: URL) {
        self.address = address
        self.credentials = credentials
        self.offline = offline
        self.stateURL = stateURL
        let credential = try? credentials.credential(for: address)
        api = APIClient(server: address, token: credential?.token, clientName: LoginSession.terminalAppClient)
        username = credential?.username
    }

    /// Whether someone is signed in.
    var isSignedIn: Bool { username != nil }

    /// Keeps a new session's credential, as `qwinkle login` does, and signs the client in.
    func signIn(_ session: Session) {
        try? credentials.setCredential(CredentialStore.Credential(username: session.account.username, token: session.token), for: address)
        api = api.signedIn(with: session.token)
        username = session.account.username
        onSignIn?()
    }

    /// Forgets the sign-in on this machine, as `qwinkle logout` does (see `LocalSignIn`), and shows log-in again.
    func signOut() async {
        try? await LocalSignIn.forget(server: address, username: username, credentials: credentials, offline: offline)
        api = api.signedIn(with: nil)
        username = nil
        onSignOut?()
    }

    /// A timeline page: the first through the offline cache (stale when the server is away), older ones from the
    /// server.
    func timeline(_ timeline: Timeline, before cursor: String?) async throws -> TimelineResult {
        if cursor == nil, let offline {
            let cache = TimelineCache(store: offline, server: address, username: username)
            return try await cache.timeline(timeline, limit: 20, using: api)
        }
        let page = try await api.timeline(timeline, limit: 20, before: cursor)
        return .fresh(page, fetchedAt: Date())
    }

    /// Posts an entry, deleting the kept draft it posts with it; when the server cannot be reached it is queued in
    /// the outbox (the draft stays on the server), and `nil` is returned.
    func post(_ content: EntryContent, draft: Draft.ID? = nil) async throws -> TimelineEntry? {
        do {
            if let draft { return try await api.post(draft: draft, content, idempotencyKey: UUID().uuidString) }
            return try await api.createEntry(content, idempotencyKey: UUID().uuidString)
        } catch where error.isUnreachable {
            guard let offline, let username else { throw error }
            _ = try await Outbox(store: offline, server: address, username: username).enqueue(content)
            return nil
        }
    }

    /// Sends what the outbox holds, quietly; how many entries went.
    func flushOutbox() async -> Int {
        guard let offline, let username else { return 0 }
        let outbox = Outbox(store: offline, server: address, username: username)
        guard let pending = try? await outbox.pending(), !pending.isEmpty, let report = try? await outbox.flush(using: api) else { return 0 }
        return report.sent.count
    }
}
