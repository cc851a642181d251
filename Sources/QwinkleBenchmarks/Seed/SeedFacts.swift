import Foundation

/// What the server benchmark needs to know about a seeded folder, written beside the database as `bench-seed.json`.
struct SeedFacts: Codable {
    /// The file's name in the data folder.
    static let fileName = "bench-seed.json"
    /// The file holding the ordinary reader's bearer token.
    static let readerTokenFile = "bench-token"
    /// The file holding the most-followed account's bearer token.
    static let popularTokenFile = "bench-token-popular"

    /// How many accounts were seeded.
    var accounts: Int
    /// How many entries were seeded.
    var entries: Int
    /// How many others each account follows.
    var follows: Int
    /// The password of every seeded account.
    var password: String
    /// The ordinary account whose token is in `bench-token`.
    var readerUsername: String
    /// The most-followed account, whose token is in `bench-token-popular`.
    var popularUsername: String
    /// How many followers the most-followed account has.
    var popularFollowers: Int
    /// An ordinary account the reader follows, for the account-entries route.
    var followeeUsername: String
    /// A public entry with a photo, for the entry routes.
    var entryID: String
    /// A public entry with a thread of `Seeder.threadReplies` replies below it, for the thread route; `nil` in a
    /// folder seeded before threads.
    var threadID: String?
    /// A tag one entry in ten has, for the tag route; `nil` in a folder seeded before tags.
    var tag: String?
    /// How long seeding took, in seconds.
    var seconds: Double

    /// Reads the facts of a seeded folder; a folder without them gives a one-line error.
    static func read(folder: URL) throws -> SeedFacts {
        let url = folder.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url) else {
            throw BenchFailure("\(url.path) is missing: seed the folder with `qwinkle-bench seed --data \(folder.path)` first")
        }
        do {
            return try JSONDecoder().decode(SeedFacts.self, from: data)
        } catch {
            throw BenchFailure("\(url.path) is not a seed description: \(error)")
        }
    }

    /// Writes the facts into the folder.
    func write(folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName))
    }

    /// Reads a token file of a seeded folder.
    static func token(_ file: String, folder: URL) throws -> String {
        let url = folder.appendingPathComponent(file)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw BenchFailure("\(url.path) is missing: seed the folder with `qwinkle-bench seed` first")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
