import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite

/// The reader's token for a Mastodon app (reading and writing), so the Mastodon API's routes load the same account's pages
/// and make the same posts as Qwinkle's.
///
/// Made once per folder, as the OAuth flow would leave it (an app, and a token of `read write` for the reader), straight in
/// the folder's SQLite file, and kept beside the other tokens; a folder seeded before the Mastodon API gets one the
/// first time it is asked.
enum MastodonBenchToken {
    /// The file the token is kept in.
    static let file = "bench-mastodon-token"

    /// The folder's token, made first if it has none. A folder served from PostgreSQL must have been given one
    /// before it was copied there.
    static func ensure(folder: URL, facts: SeedFacts, database: String?) async throws -> String {
        if let kept = try? SeedFacts.token(file, folder: folder) { return kept }
        guard database == nil else {
            throw BenchFailure("\(folder.path) has no \(file): run the mastodon-home route on its SQLite file once before copying it to PostgreSQL")
        }
        let storage = try SQLiteStorage(path: DataFolder(folder).database.path)
        defer { try? storage.close() }
        guard let reader = try await storage.account(username: facts.readerUsername) else {
            throw BenchFailure("\(folder.path) has no account \(facts.readerUsername)")
        }
        guard let scopes = OAuthScopes("read write") else { throw BenchFailure("the read and write scopes are not known") }
        let now = Date()
        let app = try await storage.registerApp(NewOAuthApp(
            clientID: TokenIssuer.makeToken(), secretHash: TokenIssuer.hash(TokenIssuer.makeToken()), name: "qwinkle-bench", website: nil,
            redirectURIs: [OAuthApp.outOfBand], scopes: scopes, createdAt: now
        ))
        let token = TokenIssuer.makeToken()
        try await storage.storeAppToken(hash: TokenIssuer.hash(token), app: app.id, account: reader.id, scopes: scopes, createdAt: now)
        try Data((token + "\n").utf8).write(to: folder.appendingPathComponent(file))
        return token
    }
}
