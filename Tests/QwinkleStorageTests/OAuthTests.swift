import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("OAuth apps, codes and tokens")
    struct OAuth {
        /// An app registered for `read write`, with a secret hash named after it.
        static func register(_ name: String, in storage: any Storage) async throws -> OAuthApp {
            try await storage.registerApp(NewOAuthApp(
                clientID: "client-\(name)", secretHash: "secret-\(name)", name: name, website: "https://\(name).example",
                redirectURIs: [OAuthApp.outOfBand, "https://\(name).example/back"], scopes: try #require(OAuthScopes("read write")),
                createdAt: StorageFixtures.time(0)
            ))
        }

        @Test("An app reads back by its client ID with its secret's hash; an unknown client ID finds nothing", arguments: Backend.allCases)
        func registerApp(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let toot = try await Self.register("toot", in: storage)
                let other = try await Self.register("other", in: storage)
                #expect(toot.id != other.id)

                let found = try #require(try await storage.app(clientID: "client-toot"))
                #expect(found.app.isSame(as: toot))
                #expect(found.app.redirectURIs == [OAuthApp.outOfBand, "https://toot.example/back"])
                #expect(found.secretHash == "secret-toot")
                #expect(try await storage.app(clientID: "client-nobody") == nil)
            }
        }

        @Test("An authorization code is redeemed once, whole, with its token; redeemed again, its token is revoked", arguments: Backend.allCases)
        func codeRedeemedOnce(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let app = try await Self.register("toot", in: storage)
                let code = OAuthCode(
                    app: app.id, account: abe.id, redirectURI: OAuthApp.outOfBand, scopes: try #require(OAuthScopes("read")),
                    codeChallenge: "challenge", expiresAt: StorageFixtures.time(600)
                )
                try await storage.storeAuthorizationCode(hash: "code-hash", code)

                let redeemed = try await storage.redeemAuthorizationCode(hash: "code-hash", tokenHash: "token-1", at: StorageFixtures.time(10))
                guard case .redeemed(var taken) = redeemed else {
                    Issue.record("not redeemed: \(redeemed)")
                    return
                }
                #expect(taken.expiresAt.isSameMillisecond(as: code.expiresAt))
                taken.expiresAt = code.expiresAt
                #expect(taken == code)
                let grant = try #require(try await storage.grant(tokenHash: "token-1"))
                #expect(grant.account == abe)
                #expect(grant.scopes == code.scopes)
                #expect(grant.app.isSame(as: app))

                // Replayed: the token it gave is revoked, once; the replayer's own token is never stored.
                #expect(try await storage.redeemAuthorizationCode(hash: "code-hash", tokenHash: "token-2", at: StorageFixtures.time(20))
                    == .replayed(revokedTokenHash: "token-1"))
                #expect(try await storage.grant(tokenHash: "token-1") == nil)
                #expect(try await storage.grant(tokenHash: "token-2") == nil)
                #expect(try await storage.redeemAuthorizationCode(hash: "code-hash", tokenHash: "token-3", at: StorageFixtures.time(30))
                    == .replayed(revokedTokenHash: nil))
                #expect(try await storage.redeemAuthorizationCode(hash: "another", tokenHash: "token-4", at: StorageFixtures.time(30)) == .unknown)
                #expect(try await storage.sessions(of: abe.id, currentTokenHash: nil).isEmpty)
            }
        }

        @Test("A used code is remembered until a day after it expired, then forgotten when another is stored", arguments: Backend.allCases)
        func usedCodesForgotten(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let app = try await Self.register("toot", in: storage)
                let scopes = try #require(OAuthScopes("read"))
                let code = { (expires: Int) in
                    OAuthCode(app: app.id, account: abe.id, redirectURI: OAuthApp.outOfBand, scopes: scopes, codeChallenge: nil, expiresAt: StorageFixtures.time(expires))
                }
                try await storage.storeAuthorizationCode(hash: "old", code(600))
                _ = try await storage.redeemAuthorizationCode(hash: "old", tokenHash: "token-old", at: StorageFixtures.time(10))
                try await storage.storeAuthorizationCode(hash: "next", code(600 + 86_000))
                #expect(try await storage.redeemAuthorizationCode(hash: "old", tokenHash: "token-x", at: StorageFixtures.time(20))
                    == .replayed(revokedTokenHash: "token-old"))
                try await storage.storeAuthorizationCode(hash: "later", code(600 + 86_401))
                #expect(try await storage.redeemAuthorizationCode(hash: "old", tokenHash: "token-y", at: StorageFixtures.time(30)) == .unknown)
            }
        }

        @Test("A person's app token grants its scopes, is listed with their sessions, and is not a Qwinkle session", arguments: Backend.allCases)
        func personalToken(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let app = try await Self.register("toot", in: storage)
                let scopes = try #require(OAuthScopes("read write:statuses"))
                try await storage.storeAppToken(hash: "token-hash", app: app.id, account: abe.id, scopes: scopes, createdAt: StorageFixtures.time(5))

                let grant = try #require(try await storage.grant(tokenHash: "token-hash"))
                #expect(grant.app.isSame(as: app))
                #expect(grant.account == abe)
                #expect(grant.scopes == scopes)
                #expect(grant.lastUsedAt?.isSameMillisecond(as: StorageFixtures.time(5)) == true)
                // Qwinkle's own API takes no app token: it could do more there than its scopes allow.
                #expect(try await storage.account(tokenHash: "token-hash") == nil)

                let sessions = try await storage.sessions(of: abe.id, currentTokenHash: nil)
                #expect(sessions.map(\.client) == ["toot"])
                #expect(sessions.map(\.appScopes) == [scopes])
            }
        }

        @Test("An app's own token has no account", arguments: Backend.allCases)
        func appToken(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let app = try await Self.register("toot", in: storage)
                try await storage.storeAppToken(
                    hash: "app-hash", app: app.id, account: nil, scopes: try #require(OAuthScopes("read")), createdAt: StorageFixtures.time(0)
                )
                let grant = try #require(try await storage.grant(tokenHash: "app-hash"))
                #expect(grant.app.isSame(as: app))
                #expect(grant.account == nil)
                #expect(grant.lastUsedAt == nil)
                #expect(try await storage.grant(tokenHash: "unknown") == nil)
            }
        }

        @Test("Only the app a token was given to may revoke it", arguments: Backend.allCases)
        func revoke(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let toot = try await Self.register("toot", in: storage)
                let other = try await Self.register("other", in: storage)
                let read = try #require(OAuthScopes("read"))
                try await storage.storeAppToken(hash: "personal", app: toot.id, account: abe.id, scopes: read, createdAt: StorageFixtures.time(0))
                try await storage.storeAppToken(hash: "own", app: toot.id, account: nil, scopes: read, createdAt: StorageFixtures.time(0))

                #expect(try await storage.revokeAppToken(hash: "personal", app: other.id) == false)
                #expect(try await storage.grant(tokenHash: "personal") != nil)
                #expect(try await storage.revokeAppToken(hash: "personal", app: toot.id))
                #expect(try await storage.revokeAppToken(hash: "own", app: toot.id))
                #expect(try await storage.grant(tokenHash: "personal") == nil)
                #expect(try await storage.grant(tokenHash: "own") == nil)
                #expect(try await storage.revokeAppToken(hash: "own", app: toot.id) == false)
            }
        }

        @Test("A new password ends a person's app tokens as it ends their other sessions, and so does deleting the account", arguments: Backend.allCases)
        func endsWithTheAccount(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let app = try await Self.register("toot", in: storage)
                let read = try #require(OAuthScopes("read"))
                try await storage.storeAppToken(hash: "abe-app", app: app.id, account: abe.id, scopes: read, createdAt: StorageFixtures.time(0))
                try await storage.storeAppToken(hash: "mary-app", app: app.id, account: mary.id, scopes: read, createdAt: StorageFixtures.time(0))

                let ended = try await storage.changePasswordHash(of: abe.id, to: "$2b$12$new", keepingTokenHash: nil)
                #expect(ended == ["abe-app"])
                #expect(try await storage.grant(tokenHash: "abe-app") == nil)

                let deleted = try #require(try await storage.deleteAccount(id: mary.id))
                #expect(deleted.tokenHashes == ["mary-app"])
                #expect(try await storage.grant(tokenHash: "mary-app") == nil)
            }
        }
    }

    @Suite("Account counts")
    struct Counts {
        @Test("Counts follows both ways, and only the entries for everyone or for followers that are not in the trash", arguments: Backend.allCases)
        func counts(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")
                try await storage.follow(mary.id, abe.id, at: StorageFixtures.time(0))
                try await storage.follow(tad.id, abe.id, at: StorageFixtures.time(0))
                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(0))
                _ = try await storage.post(by: abe.id, .public, at: StorageFixtures.time(1))
                let newest = try await storage.post(by: abe.id, .followers, at: StorageFixtures.time(2))
                _ = try await storage.post(by: abe.id, .journal, kind: .journal, at: StorageFixtures.time(3))
                _ = try await storage.post(by: abe.id, .private, at: StorageFixtures.time(4))
                let trashed = try await storage.post(by: abe.id, .public, at: StorageFixtures.time(5))
                #expect(try await storage.deleteEntry(id: trashed.id, at: StorageFixtures.time(6)))

                let counts = try await storage.counts(of: [abe.id, tad.id, StorageFixtures.unknownID()])
                #expect(counts.count == 2)
                let abeCounts = try #require(counts[abe.id])
                #expect(abeCounts.followers == 2)
                #expect(abeCounts.following == 1)
                #expect(abeCounts.entries == 2)
                #expect(abeCounts.lastEntryAt?.isSameMillisecond(as: newest.createdAt) == true)
                #expect(counts[tad.id] == AccountCounts(followers: 0, following: 1, entries: 0, lastEntryAt: nil))
                #expect(try await storage.counts(of: []).isEmpty)
            }
        }
    }
}

extension OAuthApp {
    /// Whether an app read back is the one written: the same in everything, and its time to the millisecond.
    func isSame(as other: OAuthApp) -> Bool {
        var read = self
        read.createdAt = other.createdAt
        return read == other && createdAt.isSameMillisecond(as: other.createdAt)
    }
}
