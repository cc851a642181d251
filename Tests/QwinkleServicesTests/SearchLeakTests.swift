import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import QwinkleTestSupport
import Testing

/// Search never shows what the read policy hides, on every backend: a canary word written only where a role may
/// not read it is found 0 times by that role.
@Suite("Search never leaks")
struct SearchLeakTests {
    /// The backends the services are run over: a SQLite file, and PostgreSQL when `QWINKLE_TEST_DATABASE` is set.
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite = "SQLite"
        case postgres = "PostgreSQL"

        var testDescription: String { rawValue }

        static var available: [Backend] { PostgresTestDatabase.url == nil ? [.sqlite] : [.sqlite, .postgres] }

        /// Runs `body` with services over a fresh storage of this backend.
        func withServices(_ body: (Services) async throws -> Void) async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-search-tests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let make = { (storage: any Storage) in
                Services(
                    context: ServiceContext(storage: storage, events: InProcessEntryEventBus()), passwords: PlainPasswords(),
                    photoBytes: try PhotoFiles(dataDirectory: folder)
                )
            }
            switch self {
            case .sqlite:
                try await body(try make(try SQLiteStorage(path: folder.appendingPathComponent("qwinkle.sqlite").path)))
            case .postgres:
                try await PostgresTestDatabase.withStorage { storage in try await body(try make(storage)) }
            }
        }
    }

    @Test("Each role finds a canary word exactly where the policy lets it read", arguments: Backend.available)
    func everyRole(backend: Backend) async throws {
        try await backend.withServices { services in
            func signUp(_ username: String) async throws -> Account { try await services.signUp(username) }
            func post(_ body: String, by author: Account, _ visibility: Visibility) async throws -> TimelineEntry {
                try await services.entries.create(
                    EntryContent(kind: visibility == .journal ? .journal : .update, body: body, visibility: visibility), by: author, idempotencyKey: nil
                )
            }
            let author = try await signUp("author")
            let follower = try await signUp("follower")
            let reader = try await signUp("reader")
            let stranger = try await signUp("stranger")
            let loner = try await signUp("loner")
            _ = try await services.social.follow("author", by: follower)
            _ = try await services.social.addJournalReader("reader", by: author)

            _ = try await post("publiccanary for all", by: author, .public)
            _ = try await post("followercanary for followers", by: author, .followers)
            _ = try await post("journalcanary for readers", by: author, .journal)
            _ = try await post("privatecanary for me", by: author, .private)
            _ = try await post("lonercanary in a journal shared with nobody", by: loner, .journal)
            let edited = try await post("editedcanary said in public", by: author, .public)
            let outcome = try await services.entries.suggest(
                EntryContent(kind: .update, body: "aftercanary now private", visibility: .private), baseRevision: 1,
                to: edited.id.rawValue, by: author
            )
            guard case .applied = outcome else { Issue.record("the edit was not applied"); return }
            let deleted = try await post("deletedcanary soon gone", by: author, .public)
            try await services.entries.delete(id: deleted.id.rawValue, by: author)

            let roles: [(name: String, account: Account?)] = [
                ("author", author), ("follower", follower), ("journal reader", reader), ("stranger", stranger), ("signed out", nil),
            ]
            // The hits each role may have for each canary: everything else must be 0.
            let readers: [String: Set<String>] = [
                "publiccanary": ["author", "follower", "journal reader", "stranger", "signed out"],
                "followercanary": ["author", "follower"],
                "journalcanary": ["author", "journal reader"],
                "privatecanary": ["author"],
                "lonercanary": [],
                "editedcanary": [],
                "aftercanary": ["author"],
                "deletedcanary": [],
            ]
            for (name, account) in roles {
                let viewer = try await services.context.viewer(for: account)
                for (word, mayRead) in readers {
                    let found = try await services.search.entries(matching: word, page: RankedPageRequest(offset: 0, limit: 20), viewer: viewer)
                    #expect(found.items.count == (mayRead.contains(name) ? 1 : 0), "\(name) searching \(word)")
                    #expect(found.items.allSatisfy { $0.snippet.parts.contains { $0.isMatch && $0.text == word } })
                }
                // Filters alone find no more than words do.
                let everything = try await services.search.entries(
                    matching: "from:@author", page: RankedPageRequest(offset: 0, limit: 50), viewer: viewer
                )
                let expected = readers.filter { $0.value.contains(name) && $0.key != "lonercanary" }.count
                #expect(everything.items.count == expected, "\(name) listing from:@author")
            }
        }
    }

    @Test("A bad query is 422 naming the problem; a query of database syntax is a result", arguments: Backend.available)
    func badQueries(backend: Backend) async throws {
        try await backend.withServices { services in
            let page = RankedPageRequest(offset: 0, limit: 20)
            await #expect(throws: ServiceError.unprocessable(code: "unbalanced_quote", message: SearchQueryError.unbalancedQuote.message)) {
                try await services.search.entries(matching: "\"shark", page: page, viewer: .anonymous)
            }
            await #expect(throws: ServiceError.unprocessable(code: "unknown_operator", message: SearchQueryError.unknownOperator("near").message)) {
                try await services.search.entries(matching: "NEAR:shark", page: page, viewer: .anonymous)
            }
            for text in ["*", "AND", "NEAR(a b)", "a:1", "\"a\" OR \"b\"", "-", "^x", "x'y"] {
                do {
                    _ = try await services.search.entries(matching: text, page: page, viewer: .anonymous)
                } catch let error as ServiceError {
                    guard case .unprocessable = error else { Issue.record("\(text): \(error)"); continue }
                }
            }
        }
    }
}
