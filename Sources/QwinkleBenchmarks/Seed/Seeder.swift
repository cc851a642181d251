import Foundation
import HummingbirdBcrypt
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite

/// Fills an empty data folder with accounts, follows, journal grants, photos and entries through the storage's bulk
/// path, the same for the same options every time (but the two tokens, which are random as real ones are).
struct Seeder {
    /// The data folder; the database is `qwinkle.sqlite` in it, as `qwinkle serve` expects.
    let folder: URL
    /// How many accounts to create.
    let accounts: Int
    /// How many entries to create.
    let entries: Int
    /// How many others each account follows.
    let follows: Int
    /// How many readers each account shares its journal with.
    let journalReaders: Int
    /// The random generator's seed.
    let seed: UInt64

    /// The password of every seeded account.
    static let password = "bench-password"
    /// Rows per transaction: large enough that commits cost little, small enough to show progress.
    private static let batchSize = 20_000
    /// The first entry's time (2023-01-01); entries follow at equal steps over three years, so ids and times agree.
    private static let startMilliseconds: Int64 = 1_672_531_200_000
    /// Three years in milliseconds.
    private static let spanMilliseconds: Int64 = 3 * 365 * 24 * 3_600 * 1_000

    /// Seeds the folder, calling `progress` with a line now and then, and returns what the benchmark needs.
    func run(progress: (String) -> Void) throws -> SeedFacts {
        let clock = ContinuousClock()
        let started = clock.now
        let elapsed = { () -> String in String(format: "%.1f s", started.duration(to: clock.now).seconds) }
        let storage = try openEmptyStorage()
        defer { try? storage.close() }
        let photos = try storePhotoFiles()
        // One hash for every account: bcrypt at the server's cost takes a quarter second, too long to repeat.
        let passwordHash = Bcrypt.hash(Self.password, cost: 12)
        let joined = Self.date(Self.startMilliseconds - 86_400_000)

        let ids = try storage.bulkLoad { load in
            try (0..<accounts).map { index in
                try load.insertAccount(NewAccount(
                    username: Self.username(index), email: "\(Self.username(index))@bench.invalid",
                    passwordHash: passwordHash, createdAt: joined
                ))
            }
        }
        progress("accounts \(accounts) (\(elapsed()))")

        let graph = FollowGraph(accounts: accounts, follows: follows)
        let reader = graph.popularCount < accounts ? graph.popularCount : 0
        var random = SplitMix64(seed: seed)
        var readerFollowees: [Int] = []
        var popularFollowers = 0
        let accountsPerBatch = max(1, Self.batchSize / max(1, graph.followsEach))
        for batchStart in stride(from: 0, to: accounts, by: accountsPerBatch) {
            let batch = batchStart..<min(accounts, batchStart + accountsPerBatch)
            let lists = batch.map { graph.followees(of: $0, accounts: accounts, random: &random) }
            try storage.bulkLoad { load in
                for (follower, followees) in zip(batch, lists) {
                    for followee in followees { try load.insertFollow(ids[follower], ids[followee], at: joined) }
                }
            }
            for (follower, followees) in zip(batch, lists) {
                if follower == reader { readerFollowees = followees }
                if followees.contains(0) { popularFollowers += 1 }
            }
            progress("follows of \(batch.upperBound)/\(accounts) accounts (\(elapsed()))")
        }

        let grants = (0..<accounts).map { owner in
            (0..<min(journalReaders, accounts - 1)).map { _ in
                let other = Int.random(in: 0..<accounts - 1, using: &random)
                return other >= owner ? other + 1 : other
            }
        }
        let tokens = (reader: TokenIssuer.makeToken(), popular: TokenIssuer.makeToken())
        try storage.bulkLoad { load in
            for (owner, readers) in grants.enumerated() {
                for granted in readers { try load.insertJournalReader(owner: ids[owner], reader: ids[granted], at: joined) }
            }
            try load.insertToken(hash: TokenIssuer.hash(tokens.reader), for: ids[reader], createdAt: joined)
            try load.insertToken(hash: TokenIssuer.hash(tokens.popular), for: ids[0], createdAt: joined)
        }
        progress("journal readers and tokens (\(elapsed()))")

        var writer = EntryWriter(ids: ids, photos: photos, random: random)
        for batchStart in stride(from: 0, to: entries, by: Self.batchSize) {
            let batch = batchStart..<min(entries, batchStart + Self.batchSize)
            try storage.bulkLoad { load in
                for index in batch {
                    let time = Self.date(Self.startMilliseconds + Self.spanMilliseconds * Int64(index) / Int64(max(1, entries)))
                    try writer.write(index: index, at: time, into: load)
                }
            }
            progress("entries \(batch.upperBound)/\(entries) (\(elapsed()))")
        }

        let thread = try writeThread(in: storage, ids: ids, author: ids[readerFollowees.first ?? reader])
        progress("a thread of \(Self.threadReplies) replies (\(elapsed()))")

        try storage.checkpoint()
        progress("checkpoint (\(elapsed()))")

        try Data((tokens.reader + "\n").utf8).write(to: folder.appendingPathComponent(SeedFacts.readerTokenFile))
        try Data((tokens.popular + "\n").utf8).write(to: folder.appendingPathComponent(SeedFacts.popularTokenFile))
        let followee = readerFollowees.first { $0 >= graph.popularCount } ?? readerFollowees.first ?? reader
        let facts = SeedFacts(
            accounts: accounts, entries: entries, follows: graph.followsEach, password: Self.password,
            readerUsername: Self.username(reader), popularUsername: Self.username(0), popularFollowers: popularFollowers,
            followeeUsername: Self.username(followee), entryID: writer.showcase?.rawValue ?? "1",
            threadID: thread.rawValue, tag: EntryWriter.tag, seconds: started.duration(to: clock.now).seconds
        )
        try facts.write(folder: folder)
        return facts
    }

    /// How many replies the seeded thread has.
    static let threadReplies = 1_000

    /// Writes a public entry and `threadReplies` public replies below it, after every other entry: a hundred answer
    /// it, and each of those has a chain of nine replies below it, so the thread is ten deep.
    private func writeThread(in storage: SQLiteStorage, ids: [Account.ID], author: Account.ID) throws -> Entry.ID {
        let time = Self.date(Self.startMilliseconds + Self.spanMilliseconds)
        return try storage.bulkLoad { load in
            let root = try load.insertEntry(NewEntry(
                author: author, content: EntryContent(kind: .update, body: "What should I cook tonight?", visibility: .public), createdAt: time
            ))
            var previous = root
            for index in 0..<Self.threadReplies {
                let parent = index % 10 == 0 ? root : previous
                previous = try load.insertEntry(NewEntry(
                    author: ids[index % ids.count], content: EntryContent(kind: .update, body: "Idea \(index + 1): soup", visibility: .public),
                    createdAt: time, reply: EntryReply(answering: parent)
                ))
            }
            return root.id
        }
    }

    /// Opens the folder's database, refusing one that already holds accounts or entries.
    private func openEmptyStorage() throws -> SQLiteStorage {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw BenchFailure("cannot create the data folder \(folder.path): \(error.localizedDescription)")
        }
        let path = DataFolder(folder).database.path
        let storage = try SQLiteStorage(path: path)
        guard try storage.isEmpty() else {
            try? storage.close()
            throw BenchFailure("\(path) already holds accounts or entries; seed an empty folder")
        }
        return storage
    }

    /// Stores a few small PNGs in the folder's photos, as uploads are stored, and returns their records' fields.
    private func storePhotoFiles() throws -> [SeedPhoto] {
        let files = try PhotoFiles(dataDirectory: folder)
        let colours: [(UInt8, UInt8, UInt8)] = [(0xE8, 0x6A, 0x92), (0x3B, 0x8E, 0xA5), (0xF4, 0xC0, 0x95), (0x5C, 0x4D, 0x7D)]
        return try colours.map { red, green, blue in
            let bytes = BenchPNG.solid(red: red, green: green, blue: blue)
            return SeedPhoto(sha256: try files.store(bytes), contentType: "image/png", byteSize: bytes.count)
        }
    }

    /// The username of the account at `index`.
    static func username(_ index: Int) -> String {
        "user\(index + 1)"
    }

    /// A time from milliseconds since 1970.
    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1_000)
    }
}
