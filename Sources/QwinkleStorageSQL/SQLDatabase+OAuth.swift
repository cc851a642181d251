import Foundation
import QwinkleKit
import QwinkleStorage

extension OAuthStore where Self: SQLDatabase {
    /// Inserts the app.
    public func registerApp(_ app: NewOAuthApp) async throws -> OAuthApp {
        try await write { connection in
            guard let id = try await connection.value(
                """
                INSERT INTO oauth_apps (client_id, secret_hash, name, website, redirect_uris, scopes, created_at)
                VALUES (\(app.clientID), \(app.secretHash), \(app.name), \(app.website), \(app.redirectURIs.joined(separator: "\n")),
                    \(app.scopes.text), \(app.createdAt))
                RETURNING id
                """,
                as: Int64.self
            ) else { throw StorageError.notFound("The app just registered") }
            return OAuthApp(
                id: OAuthApp.ID(integer: id), clientID: app.clientID, name: app.name, website: app.website, redirectURIs: app.redirectURIs,
                scopes: app.scopes, createdAt: connection.stored(app.createdAt)
            )
        }
    }

    /// Reads the app by its `client_id`.
    public func app(clientID: String) async throws -> (app: OAuthApp, secretHash: String)? {
        try await readStatement { connection in
            try await connection.first("SELECT \(raw: Columns.app), secret_hash FROM oauth_apps WHERE client_id = \(clientID)") { row in
                (try row.oauthApp(from: 0), try row[Columns.appCount] as String)
            }
        }
    }

    /// Inserts the code, and forgets codes that expired a day before it will.
    public func storeAuthorizationCode(hash: String, _ code: OAuthCode) async throws {
        try await write { connection in
            try await connection.execute("DELETE FROM oauth_codes WHERE expires_at < \(code.expiresAt.addingTimeInterval(-86_400))")
            try await connection.execute(
                """
                INSERT INTO oauth_codes (code_hash, app_id, account_id, redirect_uri, scopes, code_challenge, expires_at)
                VALUES (\(hash), \(code.app.key), \(code.account.key), \(code.redirectURI), \(code.scopes.text), \(code.codeChallenge),
                    \(code.expiresAt))
                """
            )
        }
    }

    /// Marks the code used and stores its token, or revokes the token of a code used before.
    public func redeemAuthorizationCode(hash: String, tokenHash: String, at date: Date) async throws -> CodeRedemption {
        try await write { connection in
            let unused = try await connection.first(
                """
                UPDATE oauth_codes SET token_hash = \(tokenHash) WHERE code_hash = \(hash) AND token_hash IS NULL
                RETURNING app_id, account_id, redirect_uri, scopes, code_challenge, expires_at
                """
            ) { row in
                OAuthCode(
                    app: OAuthApp.ID(integer: try row[0]), account: Account.ID(integer: try row[1]), redirectURI: try row[2],
                    scopes: try storedScopes(try row[3]), codeChallenge: try row[4], expiresAt: try row[5]
                )
            }
            if let unused {
                try await connection.insertAppToken(hash: tokenHash, app: unused.app, account: unused.account, scopes: unused.scopes, createdAt: date)
                return .redeemed(unused)
            }
            // Not updated: unknown, or used before (and so with its token's hash).
            guard let used = try await connection.value("SELECT token_hash FROM oauth_codes WHERE code_hash = \(hash)", as: String?.self),
                let used
            else { return .unknown }
            let revoked = try await connection.returnsRow("DELETE FROM tokens WHERE token_hash = \(used) RETURNING token_hash")
            return .replayed(revokedTokenHash: revoked ? used : nil)
        }
    }

    /// Inserts the token: a session of the account's, or the app's own.
    public func storeAppToken(hash: String, app: OAuthApp.ID, account: Account.ID?, scopes: OAuthScopes, createdAt: Date) async throws {
        try await write { connection in
            try await connection.insertAppToken(hash: hash, app: app, account: account, scopes: scopes, createdAt: createdAt)
        }
    }

    /// Reads the token's app, account and scopes.
    public func grant(tokenHash: String) async throws -> OAuthGrant? {
        try await read { connection in
            let personal = try await connection.first(
                """
                SELECT \(raw: Columns.app), \(raw: Columns.account), tokens.scopes, tokens.last_used_at
                FROM tokens JOIN oauth_apps ON oauth_apps.id = tokens.app_id JOIN accounts ON accounts.id = tokens.account_id
                WHERE tokens.token_hash = \(tokenHash)
                """
            ) { row in
                // The app's columns, the account's, then the token's scopes and last use.
                let after = Columns.appCount + Columns.accountCount
                return OAuthGrant(
                    app: try row.oauthApp(from: 0), account: try row.account(from: Columns.appCount),
                    scopes: try storedScopes(try row[after]), lastUsedAt: try row[after + 1]
                )
            }
            if let personal { return personal }
            return try await connection.first(
                """
                SELECT \(raw: Columns.app), oauth_app_tokens.scopes FROM oauth_app_tokens
                JOIN oauth_apps ON oauth_apps.id = oauth_app_tokens.app_id WHERE oauth_app_tokens.token_hash = \(tokenHash)
                """
            ) { row in
                OAuthGrant(app: try row.oauthApp(from: 0), account: nil, scopes: try storedScopes(try row[Columns.appCount]), lastUsedAt: nil)
            }
        }
    }

    /// Deletes the app's token.
    public func revokeAppToken(hash: String, app: OAuthApp.ID) async throws -> Bool {
        try await write { connection in
            let personal = try await connection.returnsRow("DELETE FROM tokens WHERE token_hash = \(hash) AND app_id = \(app.key) RETURNING 1")
            let own = try await connection.returnsRow("DELETE FROM oauth_app_tokens WHERE token_hash = \(hash) AND app_id = \(app.key) RETURNING 1")
            return personal || own
        }
    }
}

extension Columns {
    /// An app's columns, as `SQLRow.oauthApp(from:)` reads them.
    public static let app =
        "oauth_apps.id, oauth_apps.client_id, oauth_apps.name, oauth_apps.website, oauth_apps.redirect_uris, oauth_apps.scopes, oauth_apps.created_at"
    /// How many columns `app` selects.
    public static let appCount = 7
}

extension SQLRow {
    /// The app of a row that selects `Columns.app` from column `start`; its redirects are stored one a line (a
    /// redirect URI has no line break).
    fileprivate func oauthApp(from start: Int) throws -> OAuthApp {
        OAuthApp(
            id: OAuthApp.ID(integer: try self[start]), clientID: try self[start + 1], name: try self[start + 2], website: try self[start + 3],
            redirectURIs: (try self[start + 4] as String).split(separator: "\n").map(String.init),
            scopes: try storedScopes(try self[start + 5]), createdAt: try self[start + 6]
        )
    }
}

/// Scopes as stored, which were checked when they were written.
private func storedScopes(_ text: String) throws -> OAuthScopes {
    try stored(OAuthScopes.init, text, "scopes")
}

extension SQLConnection {
    /// Inserts a token: a session of the account's, named after the app, or the app's own.
    fileprivate func insertAppToken(hash: String, app: OAuthApp.ID, account: Account.ID?, scopes: OAuthScopes, createdAt: Date) async throws {
        if let account {
            try await execute(
                """
                INSERT INTO tokens (token_hash, account_id, created_at, last_used_at, client, app_id, scopes)
                SELECT \(hash), \(account.key), \(createdAt), \(createdAt), name, id, \(scopes.text) FROM oauth_apps WHERE id = \(app.key)
                """
            )
        } else {
            try await execute(
                "INSERT INTO oauth_app_tokens (token_hash, app_id, scopes, created_at) VALUES (\(hash), \(app.key), \(scopes.text), \(createdAt))"
            )
        }
    }
}
