import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

/// Times and values shared by the storage tests.
enum StorageFixtures {
    /// A time `seconds` after a fixed start, in whole milliseconds (not whole seconds), as the server makes them.
    static func time(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(1_795_000_000_123 + Int64(seconds) * 1_000) / 1_000)
    }

    /// The bcrypt-shaped hash an account made by `createAccount(named:)` stores.
    static func passwordHash(of username: String) -> String {
        "$2b$12$hash.of.the.password.of.\(username)"
    }

    /// A SHA-256 in lowercase hex that no other photo has.
    static func uniqueSHA256() -> String {
        (UUID().uuidString + UUID().uuidString).replacing("-", with: "").lowercased()
    }

    /// A dream with several effects and more than one creature, so every dream field has something to keep.
    static func dream() throws -> DreamDetails {
        DreamDetails(creature: .unicorn(.pink), effects: [.rain, .laserFocus, .fireflies], numberOfCreatures: try #require(CreatureCount(3)))
    }

    /// An entry to create, for the tests that pass one with an idempotency key.
    static func newEntry(
        by author: Account.ID, _ visibility: Visibility = .public, kind: Entry.Kind = .update, body: String = "Hello",
        photos: [AttachedPhoto] = [], at date: Date = time(0)
    ) -> NewEntry {
        NewEntry(author: author, content: EntryContent(kind: kind, body: body, photos: photos, visibility: visibility), createdAt: date)
    }

    /// An ID no backend issued for anything yet.
    static func unknownID<Subject>() -> Identifier<Subject> {
        Identifier(integer: 999_999)
    }

    /// Runs `task` `count` times at once, numbered from 0, and collects what the runs return.
    static func concurrently<Value: Sendable>(
        _ count: Int, _ task: @escaping @Sendable (Int) async throws -> Value
    ) async throws -> [Value] {
        try await withThrowingTaskGroup(of: Value.self) { group in
            for number in 0..<count {
                group.addTask { try await task(number) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Every page of a newest-first list, reading `limit` at a time below the last cursor until a page is empty.
    /// Stops after 100 pages, so a backend that ignores the cursor fails the test instead of hanging it.
    static func pages<Item>(
        limit: Int, _ read: (PageRequest) async throws -> [Paged<Item>]
    ) async throws -> [[Paged<Item>]] {
        var pages: [[Paged<Item>]] = []
        var maxCursor: Int64?
        while pages.count < 100 {
            let page = try await read(PageRequest(limit: limit, maxCursor: maxCursor))
            guard let last = page.last else { break }
            pages.append(page)
            maxCursor = last.cursor
        }
        return pages
    }
}

extension AccountStore {
    /// Signs `username` up, with an email and a password hash made from it.
    func createAccount(named username: String, at date: Date = StorageFixtures.time(0)) async throws -> Account {
        try await createAccount(NewAccount(
            username: username, email: "\(username)@example.com", passwordHash: StorageFixtures.passwordHash(of: username),
            createdAt: date
        ))
    }
}

extension PhotoStore {
    /// Records an upload of bytes no other photo has.
    func uploadPhoto(by uploader: Account.ID, at date: Date = StorageFixtures.time(0)) async throws -> Photo {
        try await createPhoto(NewPhoto(
            uploader: uploader, sha256: StorageFixtures.uniqueSHA256(), contentType: "image/png", byteSize: 1_234,
            createdAt: date
        )).photo
    }
}

extension MessageStore {
    /// Sends a message from `sender` to `recipients`.
    func send(
        _ body: String = "Hello", from sender: Account.ID, to recipients: Set<Account.ID>, photos: [Photo.ID] = [],
        at date: Date = StorageFixtures.time(0)
    ) async throws -> (conversation: Conversation, message: Message) {
        try await sendMessage(NewMessage(sender: sender, recipients: recipients, body: body, photos: photos, createdAt: date))
    }
}

extension EntryStore {
    /// Posts an entry without an idempotency key.
    func post(
        by author: Account.ID, _ visibility: Visibility = .public, kind: Entry.Kind = .update, body: String = "Hello",
        photos: [AttachedPhoto] = [], at date: Date = StorageFixtures.time(0)
    ) async throws -> Entry {
        let new = StorageFixtures.newEntry(by: author, visibility, kind: kind, body: body, photos: photos, at: date)
        return try await createEntry(new, idempotencyKey: nil).entry
    }

    /// Posts a reply to `parent`, in its thread (and its journal, if it is in one), as the services make one.
    func reply(to parent: Entry, by author: Account.ID, _ visibility: Visibility = .public, body: String = "A reply") async throws -> Entry {
        var new = StorageFixtures.newEntry(by: author, visibility, body: body)
        new.reply = EntryReply(answering: parent)
        return try await createEntry(new, idempotencyKey: nil).entry
    }

    /// Posts an update with an idempotency key, as a client sending (or retrying) a request does.
    func post(by author: Account.ID, body: String = "Hello", at date: Date, key: IdempotencyKey) async throws -> EntryCreation {
        try await createEntry(StorageFixtures.newEntry(by: author, body: body, at: date), idempotencyKey: key)
    }

    /// The IDs of a list's entries, newest first, read as one page.
    func ids(in scope: EntryScope) async throws -> [Entry.ID] {
        try await entries(scope, page: PageRequest(limit: 1_000)).map(\.item.id)
    }
}

extension StorageError {
    /// Whether this is `notFound`, whatever it names (each backend words it its own way).
    var isNotFound: Bool {
        if case .notFound = self { true } else { false }
    }
}

extension EntryCreation {
    /// The entry, if it was newly created rather than replayed.
    var created: Entry? {
        if case .created(let entry) = self { entry } else { nil }
    }
}

extension Date {
    /// Whether two times are the same to the millisecond: what a backend keeps of a time. (The time read back need
    /// not be the same `Date` bit for bit: 1.123 s after 1970 is not a whole number of milliseconds after 2001.)
    func isSameMillisecond(as other: Date) -> Bool {
        abs(timeIntervalSince(other)) < 0.000_5
    }
}
