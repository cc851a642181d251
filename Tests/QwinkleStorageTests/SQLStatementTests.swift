import Dispatch
import Foundation
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL
@testable import QwinkleStorageSQLite
import Testing

/// The layer every storage operation is written once in: a statement rendered for either database, and SQLite
/// running the shared asynchronous operations on GRDB's own thread.
@Suite("One statement for both databases")
struct SQLStatementTests {
    @Test("A statement is rendered for each database: placeholders in order, lists and a dialect's own clause in place")
    func rendering() {
        let window: SQL = " AND id < \(Int64(9))"
        let statement: SQL = "SELECT 1 FROM t WHERE a = \(Int64(1)) AND b IN (\(list: ["x", "y"]))\(window)\(sqlite: "", postgres: " FOR SHARE")"
        let postgres = statement.rendered(for: .postgres)
        #expect(postgres.text == "SELECT 1 FROM t WHERE a = $1 AND b IN ($2, $3) AND id < $4 FOR SHARE")
        #expect(postgres.values == [.integer(1), .text("x"), .text("y"), .integer(9)])
        let sqlite = statement.rendered(for: .sqlite)
        #expect(sqlite.text == "SELECT 1 FROM t WHERE a = ? AND b IN (?, ?) AND id < ?")
        #expect(sqlite.values == postgres.values)
        // An `IN` list's text is its length's: a page's is kept prepared, one per length; a longer one, of any
        // length, is not.
        #expect(statement.isFixed)
        let long: SQL = "SELECT 1 FROM t WHERE a IN (\(list: (0...Int64(SQL.longestKeptList)).map { $0 }))"
        #expect(!long.isFixed)
        let fixed: SQL = "SELECT 1 FROM t WHERE a = \(Int64(1)) AND c IS \(String?.none)"
        #expect(fixed.isFixed)
        #expect(fixed.rendered(for: .sqlite).values == [.integer(1), .null])
        let empty: SQL = "SELECT 1 FROM t WHERE a IN (\(list: [Int64]()))"
        #expect(empty.rendered(for: .postgres).text == "SELECT 1 FROM t WHERE a IN (NULL)")
    }

    @Test("What a person typed is always a bound value, never SQL text, in either database")
    func valuesAreBound() {
        let typed = "'); DROP TABLE accounts; --"
        let statement: SQL = "SELECT 1 FROM accounts WHERE username = \(typed) OR bio LIKE \(String.likePrefix(typed)) ESCAPE '\\'"
        for dialect in [SQLDialect.sqlite, .postgres] {
            let rendered = statement.rendered(for: dialect)
            #expect(!rendered.text.contains("DROP"))
            #expect(rendered.values.first == .text(typed))
        }
    }

    @Test("SQLite runs a shared operation through on the thread that called it, even when another thread resumes it")
    func inlineOnTheCallingThread() throws {
        let caller = pthread_self()
        let stayed = try InlineTask.run {
            let before = pthread_self()
            // Suspended until another thread resumes it: the rest must still run here.
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async { resumed.resume() }
            }
            return before == pthread_self()
        }
        #expect(stayed)
        #expect(pthread_equal(caller, pthread_self()) != 0)
        #expect(throws: StorageError.self) {
            try InlineTask.run { () async throws -> Int in throw StorageError.notFound("nothing") }
        }
    }

    // A deadlock (a write waiting for a thread that waits for the write) is a failure here, not a hang. The limit
    // counts from the test's start, which `swift test` makes with every other test at once: on two busy cores a
    // minute was seen to pass before this test's few dozen operations were run, so it allows three.
    @Test("Shared writes and reads at once on a database in memory, whose reads and writes share one connection, all finish", .timeLimit(.minutes(3)))
    func concurrentSharedOperationsInMemory() async throws {
        let storage = try SQLiteStorage.inMemory()
        let people = try await (0..<8).asyncMap { try await storage.createAccount(named: "person\($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, follower) in people.enumerated() {
                for followee in people where followee.id != follower.id {
                    group.addTask { try await storage.follow(follower.id, followee.id, at: Date(timeIntervalSince1970: Double(index))) }
                    group.addTask { _ = try await storage.relations(of: follower.id) }
                }
            }
            try await group.waitForAll()
        }
        for person in people {
            #expect(try await storage.relations(of: person.id).following.count == people.count - 1)
        }
    }
}

extension Sequence where Element: Sendable {
    /// Each element mapped by `transform`, one after another.
    fileprivate func asyncMap<Value>(_ transform: (Element) async throws -> Value) async throws -> [Value] {
        var values: [Value] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
