import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: OAuthStore {
    /// Inserts the app.
    public func registerApp(_ app: NewOAuthApp) async throws -> OAuthApp {
        try await commits.write { db in
            try db.execute(
                cached: """
                    INSERT INTO oauth_apps (client_id, secret_hash, name, website, redirect_uris, scopes, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [app.clientID, app.secretHash, app.name, app.website, Self.storedRedirects(app.redirectURIs), app.scopes.text, app.createdAt]
            )
            return OAuthApp(
                id: OAuthApp.ID(integer: db.lastInsertedRowID), clientID: app.clientID, name: app.name, website: app.website,
                redirectURIs: app.redirectURIs, scopes: app.scopes, createdAt: app.createdAt
            )
        }
    }

    /// Reads the app by its `client_id`.
    public func app(clientID: String) async throws -> (app: OAuthApp, secretHash: String)? {
        try reading { db in
            try Row.fetchOne(
                db, cached: "SELECT \(Self.appColumns), secret_hash FROM oauth_apps WHERE client_id = ?", arguments: [clientID]
            ).map { row in (try row.oauthApp(), row["secret_hash"]) }
        }
    }

    /// Inserts the code, and forgets codes that expired a day before it will.
    public func storeAuthorizationCode(hash: String, _ code: OAuthCode) async throws {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM oauth_codes WHERE expires_at < ?", arguments: [code.expiresAt.addingTimeInterval(-86_400)])
            try db.execute(
                cached: """
                    INSERT INTO oauth_codes (code_hash, app_id, account_id, redirect_uri, scopes, code_challenge, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [hash, code.app.key, code.account.key, code.redirectURI, code.scopes.text, code.codeChallenge, code.expiresAt]
            )
        }
    }

    /// Marks the code used and stores its token, or revokes the token of a code used before.
    public func redeemAuthorizationCode(hash: String, tokenHash: String, at date: Date) async throws -> CodeRedemption {
        try await commits.write { db in
            let unused = try Row.fetchOne(
                db,
                cached: """
                    UPDATE oauth_codes SET token_hash = ? WHERE code_hash = ? AND token_hash IS NULL
                    RETURNING app_id, account_id, redirect_uri, scopes, code_challenge, expires_at
                    """,
                arguments: [tokenHash, hash]
            )
            if let unused {
                let code = OAuthCode(
                    app: OAuthApp.ID(integer: unused["app_id"]), account: Account.ID(integer: unused["account_id"]),
                    redirectURI: unused["redirect_uri"], scopes: try Self.scopes(unused["scopes"]), codeChallenge: unused["code_challenge"],
                    expiresAt: unused["expires_at"]
                )
                try Self.insertAppToken(db, hash: tokenHash, app: code.app, account: code.account, scopes: code.scopes, createdAt: date)
                return .redeemed(code)
            }
            // Not updated: unknown, or used before (and so with its token's hash).
            guard let row = try Row.fetchOne(db, cached: "SELECT token_hash FROM oauth_codes WHERE code_hash = ?", arguments: [hash]),
                let used = row["token_hash"] as String?
            else { return .unknown }
            try db.execute(cached: "DELETE FROM tokens WHERE token_hash = ?", arguments: [used])
            return .replayed(revokedTokenHash: db.changesCount > 0 ? used : nil)
        }
    }

    /// Inserts the token: a session of the account's, or the app's own.
    public func storeAppToken(hash: String, app: OAuthApp.ID, account: Account.ID?, scopes: OAuthScopes, createdAt: Date) async throws {
        try await commits.write { db in
            try Self.insertAppToken(db, hash: hash, app: app, account: account, scopes: scopes, createdAt: createdAt)
        }
    }

    /// Inserts a token: a session of the account's, named after the app, or the app's own.
    private static func insertAppToken(
        _ db: Database, hash: String, app: OAuthApp.ID, account: Account.ID?, scopes: OAuthScopes, createdAt: Date
    ) throws {
        if let account {
            let name = try String.fetchOne(db, cached: "SELECT name FROM oauth_apps WHERE id = ?", arguments: [app.key]) ?? ""
            try db.execute(
                cached: """
                    INSERT INTO tokens (token_hash, account_id, created_at, last_used_at, client, app_id, scopes)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [hash, account.key, createdAt, createdAt, name, app.key, scopes.text]
            )
        } else {
            try db.execute(
                cached: "INSERT INTO oauth_app_tokens (token_hash, app_id, scopes, created_at) VALUES (?, ?, ?, ?)",
                arguments: [hash, app.key, scopes.text, createdAt]
            )
        }
    }

    /// Reads the token's app, account and scopes.
    public func grant(tokenHash: String) async throws -> OAuthGrant? {
        try reading { db in
            if let row = try Row.fetchOne(
                db,
                cached: """
                    SELECT \(Self.appColumns), \(Self.accountColumns), tokens.scopes, tokens.last_used_at
                    FROM tokens JOIN oauth_apps ON oauth_apps.id = tokens.app_id JOIN accounts ON accounts.id = tokens.account_id
                    WHERE tokens.token_hash = ?
                    """,
                arguments: [tokenHash]
            ) {
                // The app's columns, the account's seven, then the token's scopes and last use.
                return OAuthGrant(
                    app: try row.oauthApp(), account: try row.account(from: Self.appColumnCount),
                    scopes: try Self.scopes(row[Self.appColumnCount + 7]), lastUsedAt: row[Self.appColumnCount + 8]
                )
            }
            return try Row.fetchOne(
                db,
                cached: """
                    SELECT \(Self.appColumns), oauth_app_tokens.scopes FROM oauth_app_tokens
                    JOIN oauth_apps ON oauth_apps.id = oauth_app_tokens.app_id WHERE oauth_app_tokens.token_hash = ?
                    """,
                arguments: [tokenHash]
            ).map { row in
                OAuthGrant(app: try row.oauthApp(), account: nil, scopes: try Self.scopes(row[Self.appColumnCount]), lastUsedAt: nil)
            }
        }
    }

    /// Deletes the app's token.
    public func revokeAppToken(hash: String, app: OAuthApp.ID) async throws -> Bool {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM tokens WHERE token_hash = ? AND app_id = ?", arguments: [hash, app.key])
            var revoked = db.changesCount
            try db.execute(cached: "DELETE FROM oauth_app_tokens WHERE token_hash = ? AND app_id = ?", arguments: [hash, app.key])
            revoked += db.changesCount
            return revoked > 0
        }
    }
}

extension SQLiteStorage {
    /// An app's columns, in the order `Row.oauthApp()` reads them.
    static let appColumns =
        "oauth_apps.id, oauth_apps.client_id, oauth_apps.name, oauth_apps.website, oauth_apps.redirect_uris, oauth_apps.scopes, oauth_apps.created_at"
    /// How many columns `appColumns` names.
    static let appColumnCount = 7

    /// Redirects as stored: one a line (a redirect URI has no line break).
    static func storedRedirects(_ redirects: [String]) -> String { redirects.joined(separator: "\n") }

    /// Scopes as stored, which were checked when they were written.
    static func scopes(_ text: String) throws -> OAuthScopes {
        try stored(OAuthScopes.init, text, "scopes")
    }
}

extension Row {
    /// The app of `SQLiteStorage.appColumns`, at the start of the row.
    func oauthApp() throws -> OAuthApp {
        let redirects: String = self[4]
        return OAuthApp(
            id: OAuthApp.ID(integer: self[0]), clientID: self[1], name: self[2], website: self[3],
            redirectURIs: redirects.split(separator: "\n").map(String.init), scopes: try SQLiteStorage.scopes(self[5]), createdAt: self[6]
        )
    }
}
