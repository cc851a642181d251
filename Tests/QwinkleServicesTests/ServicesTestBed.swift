import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import Synchronization

/// Services over a fresh SQLite file, with an event bus the test can read and a password hasher that does not
/// spend time hashing: the services are what is tested here, not bcrypt.
struct ServicesTestBed {
    let folder: URL
    let storage: SQLiteStorage
    let bus: InProcessEntryEventBus
    let services: Services

    /// Creates the services in a new temporary folder, reading the time from `clock`; `remove()` deletes the folder.
    init(clock: @escaping @Sendable () -> Date = { Date() }) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-services-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        storage = try SQLiteStorage(path: folder.appendingPathComponent("qwinkle.sqlite").path)
        bus = InProcessEntryEventBus()
        services = Services(
            context: ServiceContext(storage: storage, clock: ServiceClock(clock), events: bus), passwords: PlainPasswords(),
            photoBytes: try PhotoFiles(dataDirectory: folder)
        )
    }

    /// Deletes the folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Signs an account up.
    func signUp(_ username: String) async throws -> Account {
        try await services.signUp(username)
    }

    /// Posts an update.
    @discardableResult
    func post(_ body: String, by author: Account, visibility: Visibility = .public, key: String? = nil) async throws -> TimelineEntry {
        try await services.entries.create(EntryContent(kind: visibility == .journal ? .journal : .update, body: body, visibility: visibility), by: author, idempotencyKey: key)
    }
}

/// Passwords compared as they are: enough for tests of the services.
struct PlainPasswords: PasswordHashing {
    func hash(_ password: String) async throws -> String { "plain:" + password }
    func verify(_ password: String, against hash: String?) async throws -> Bool { hash == "plain:" + password }
}

/// Every event published on a bus from the moment it was made, for tests to read.
final class EventRecorder: Sendable {
    private let subscription: EntrySubscription
    private let seen = Mutex<[EntryEvent]>([])

    /// Starts recording.
    init(_ bus: InProcessEntryEventBus) {
        subscription = bus.subscribe(heartbeat: .seconds(3600))
    }

    /// Everything published so far (the subscription is finished, so it is read to its end).
    func events() async -> [EntryEvent] {
        subscription.finish()
        var events: [EntryEvent] = []
        for await message in subscription.messages {
            if case .event(let event) = message { events.append(event) }
        }
        return events
    }
}

extension Services {
    /// Signs an account up with a password every test knows.
    func signUp(_ username: String) async throws -> Account {
        try await accounts.signUp(SignUpForm(
            username: username, email: "\(username)@example.com", password: "correct horse", passwordConfirmation: "correct horse"
        ), client: "tests").account
    }
}
