import Foundation
import QwinkleKit
import QwinkleStorage
import QwinkleTestSupport
import Testing

/// The counts kept by the writes (`AccountStatsSQL`) stay what counting the tables would give, through every write
/// that changes them: checked against a model of the same writes, after each one.
@Suite("Kept account counts")
struct AccountStatsTests {
    /// What the test knows it wrote.
    struct Model {
        var follows: Set<[Account.ID]> = []
        var entries: [Entry.ID: (entry: Entry, trashed: Bool)] = [:]
        var accounts: [Account.ID] = []

        /// The counts the tables hold for `account`.
        func counts(of account: Account.ID) -> AccountCounts {
            let counted = entries.values
                .filter { $0.entry.author == account && !$0.trashed && [.public, .unlisted, .followers].contains($0.entry.visibility) }
                .map(\.entry)
            return AccountCounts(
                followers: follows.filter { $0[1] == account }.count,
                following: follows.filter { $0[0] == account }.count,
                entries: counted.count,
                lastEntryAt: counted.max { $0.id.key < $1.id.key }?.createdAt
            )
        }

        /// The IDs of `viewer`'s home timeline, newest first: all their own entries, and those of the accounts they
        /// follow that are for everyone or for followers (the test shares no journal), out of the trash.
        func home(of viewer: Account.ID) -> [Int64] {
            entries.values
                .filter { held in
                    !held.trashed && (held.entry.author == viewer
                        || (follows.contains([viewer, held.entry.author]) && [.public, .unlisted, .followers].contains(held.entry.visibility)))
                }
                .map(\.entry.id.key)
                .sorted(by: >)
        }
    }

    @Test("Follows, posts, edits of visibility, the trash, restores, purges and deleted accounts keep every count, and every home page, true", arguments: Backend.allCases)
    func keptThroughEveryWrite(backend: Backend) async throws {
        try await backend.withStorage { storage in
            var model = Model()
            var random = SplitMix64(seed: 0xC0_0A7)
            for name in ["abe", "mary", "tad", "cal"] {
                model.accounts.append(try await storage.createAccount(named: name).id)
            }
            var clock = 0
            var done: Set<String> = []
            for step in 0..<160 {
                clock += 1
                let someone = try #require(model.accounts.randomElement(using: &random))
                // In the order of their IDs, so that the same seed makes the same writes on every run.
                let held = model.entries.values.sorted { $0.entry.id.key < $1.entry.id.key }
                let live = held.filter { !$0.trashed }.map(\.entry)
                let trashed = held.filter(\.trashed).map(\.entry)
                let what: String
                switch random.next() % 10 {
                case 0, 1:
                    let visibility = try #require(Visibility.allCases.randomElement(using: &random))
                    let kind: Entry.Kind = visibility == .journal ? .journal : .update
                    let entry = try await storage.post(by: someone, visibility, kind: kind, at: StorageFixtures.time(clock))
                    model.entries[entry.id] = (entry, false)
                    what = "post \(visibility)"
                case 2:
                    let other = try #require(model.accounts.randomElement(using: &random))
                    guard other != someone else { continue }
                    try await storage.follow(someone, other, at: StorageFixtures.time(clock))
                    model.follows.insert([someone, other])
                    what = "follow"
                case 3:
                    guard let follow = model.follows.sorted(by: { $0.map(\.key).lexicographicallyPrecedes($1.map(\.key)) }).randomElement(using: &random) else { continue }
                    try await storage.unfollow(follow[0], follow[1])
                    model.follows.remove(follow)
                    what = "unfollow"
                case 4:
                    guard var entry = live.filter({ $0.visibility != .journal }).randomElement(using: &random) else { continue }
                    let revision = entry.revision
                    entry.content.visibility = try #require([Visibility.public, .unlisted, .followers, .private].randomElement(using: &random))
                    entry.revision += 1
                    entry.editedAt = StorageFixtures.time(clock)
                    #expect(try await storage.updateEntry(entry, expectedRevision: revision))
                    model.entries[entry.id] = (entry, false)
                    what = "edit to \(entry.visibility)"
                case 5, 6:
                    guard let entry = live.randomElement(using: &random) else { continue }
                    #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(clock)))
                    model.entries[entry.id]?.trashed = true
                    what = "trash"
                case 7:
                    guard let entry = trashed.randomElement(using: &random) else { continue }
                    #expect(try await storage.restoreDeletedEntry(id: entry.id) != nil)
                    model.entries[entry.id]?.trashed = false
                    what = "restore"
                case 8:
                    // What has been in the trash a while is emptied.
                    _ = try await storage.purgeTrash(deletedBefore: StorageFixtures.time(clock - 3))
                    let purged = try await Self.purgedIDs(model, storage: storage)
                    for id in purged { model.entries[id] = nil }
                    what = purged.isEmpty ? "nothing purged" : "purge \(purged.count)"
                default:
                    guard model.accounts.count > 2, step > 80 else { continue }
                    #expect(try await storage.deleteAccount(id: someone) != nil)
                    model.accounts.removeAll { $0 == someone }
                    model.follows = model.follows.filter { !$0.contains(someone) }
                    model.entries = model.entries.filter { $0.value.entry.author != someone }
                    model.accounts.append(try await storage.createAccount(named: "new\(step)", at: StorageFixtures.time(clock)).id)
                    what = "delete an account, and a new one"
                }
                done.insert(String(what.prefix { $0 != " " }))
                let counts = try await storage.counts(of: Set(model.accounts))
                for account in model.accounts {
                    let kept = try #require(counts[account])
                    let expected = model.counts(of: account)
                    #expect(
                        kept.followers == expected.followers && kept.following == expected.following && kept.entries == expected.entries
                            && kept.lastEntryAt?.timeIntervalSince1970 == expected.lastEntryAt?.timeIntervalSince1970,
                        "step \(step), \(what): \(kept) ≠ \(expected)"
                    )
                    // Home pages read each followed account's newest entry from its counts: the first page, and the
                    // pages after it, which start below some of those kept heads.
                    let home = try await Self.homeIDs(of: account, pages: 3, limit: 3, storage: storage)
                    let expectedHome = Array(model.home(of: account).prefix(9))
                    #expect(home == expectedHome, "step \(step), \(what): home of \(account) \(home) ≠ \(expectedHome)")
                }
            }
            #expect(done.isSuperset(of: ["post", "follow", "unfollow", "edit", "trash", "restore", "purge", "delete"]), "every kind of write was made")
        }
    }

    /// The IDs of the first `pages` pages of `viewer`'s home timeline, `limit` a page, each page from the last's cursor.
    static func homeIDs(of viewer: Account.ID, pages: Int, limit: Int, storage: any Storage) async throws -> [Int64] {
        var ids: [Int64] = []
        var cursor: Int64?
        for _ in 0..<pages {
            let page = try await storage.entries(.home(viewer: viewer), page: PageRequest(limit: limit, maxCursor: cursor))
            ids += page.map(\.item.id.key)
            guard let last = page.last, page.count == limit else { break }
            cursor = last.cursor
        }
        return ids
    }

    /// The entries of the model's trash that the storage no longer has.
    static func purgedIDs(_ model: Model, storage: any Storage) async throws -> [Entry.ID] {
        var gone: [Entry.ID] = []
        for (id, held) in model.entries where held.trashed {
            if try await storage.trashedEntry(id: id) == nil { gone.append(id) }
        }
        return gone
    }
}
