import Foundation
import Logging
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: OAuthStore {
    /// Inserts the app.
    public func registerApp(_ app: NewOAuthApp) async throws -> OAuthApp {
        let time = app.createdAt.toMilliseconds
        let id = try await writing { connection in
            try await connection.query(
                """
                INSERT INTO oauth_apps (client_id, secret_hash, name, website, redirect_uris, scopes, created_at)
                VALUES (\(app.clientID), \(app.secretHash), \(app.name), \(app.website), \(app.redirectURIs.joined(separator: "\n")),
                    \(app.scopes.text), \(time))
                RETURNING id
                """,
                logger: logger
            ).first { try $0.decode(Int64.self) }
        }
        guard let id else { throw StorageError.notFound("The app just registered") }
        return OAuthApp(
            id: OAuthApp.ID(integer: id), clientID: app.clientID, name: app.name, website: app.website, redirectURIs: app.redirectURIs,
            scopes: app.scopes, createdAt: time
        )
    }

    /// Reads the app by its `client_id`.
    public func app(clientID: String) async throws -> (app: OAuthApp, secretHash: String)? {
        try await reading { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.appColumns), secret_hash FROM oauth_apps WHERE client_id = \(clientID)", logger: logger
            ).first { row in
                let columns = PostgresRandomAccessRow(row)
                return (try OAuthApp(row: columns, from: 0), try columns[Self.appColumnCount].decode(String.self))
            }
        }
    }

    /// Inserts the code, and forgets codes that expired a day before it will.
    public func storeAuthorizationCode(hash: String, _ code: OAuthCode) async throws {
        try await writing { connection in
            try await connection.execute(
                "DELETE FROM oauth_codes WHERE expires_at < \(code.expiresAt.addingTimeInterval(-86_400).toMilliseconds)", logger: logger
            )
            try await connection.execute(
                """
                INSERT INTO oauth_codes (code_hash, app_id, account_id, redirect_uri, scopes, code_challenge, expires_at)
                VALUES (\(hash), \(code.app.key), \(code.account.key), \(code.redirectURI), \(code.scopes.text), \(code.codeChallenge),
                    \(code.expiresAt.toMilliseconds))
                """,
                logger: logger
            )
        }
    }

    /// Marks the code used and stores its token, or revokes the token of a code used before.
    public func redeemAuthorizationCode(hash: String, tokenHash: String, at date: Date) async throws -> CodeRedemption {
        try await writing { connection in
            let unused = try await connection.query(
                """
                UPDATE oauth_codes SET token_hash = \(tokenHash) WHERE code_hash = \(hash) AND token_hash IS NULL
                RETURNING app_id, account_id, redirect_uri, scopes, code_challenge, expires_at
                """,
                logger: logger
            ).first { row in
                let (app, account, redirect, scopes, challenge, expiresAt) = try row.decode((Int64, Int64, String, String, String?, Date).self)
                return OAuthCode(
                    app: OAuthApp.ID(integer: app), account: Account.ID(integer: account), redirectURI: redirect,
                    scopes: try Self.scopes(scopes), codeChallenge: challenge, expiresAt: expiresAt.toMilliseconds
                )
            }
            if let unused {
                try await Self.insertAppToken(
                    connection, hash: tokenHash, app: unused.app, account: unused.account, scopes: unused.scopes, createdAt: date, logger: logger
                )
                return .redeemed(unused)
            }
            // Not updated: unknown, or used before (and so with its token's hash).
            let used = try await connection.query("SELECT token_hash FROM oauth_codes WHERE code_hash = \(hash)", logger: logger).first { row in
                try row.decode(String?.self)
            }
            guard let used, let used else { return .unknown }
            let revoked = try await connection.query("DELETE FROM tokens WHERE token_hash = \(used) RETURNING token_hash", logger: logger).first { _ in true }
            return .replayed(revokedTokenHash: revoked == true ? used : nil)
        }
    }

    /// Inserts the token: a session of the account's, or the app's own.
    public func storeAppToken(hash: String, app: OAuthApp.ID, account: Account.ID?, scopes: OAuthScopes, createdAt: Date) async throws {
        try await writing { connection in
            try await Self.insertAppToken(connection, hash: hash, app: app, account: account, scopes: scopes, createdAt: createdAt, logger: logger)
        }
    }

    /// Inserts a token: a session of the account's, named after the app, or the app's own.
    private static func insertAppToken(
        _ connection: PostgresConnection, hash: String, app: OAuthApp.ID, account: Account.ID?, scopes: OAuthScopes, createdAt: Date,
        logger: Logger
    ) async throws {
        let time = createdAt.toMilliseconds
        if let account {
            try await connection.execute(
                """
                INSERT INTO tokens (token_hash, account_id, created_at, last_used_at, client, app_id, scopes)
                SELECT \(hash), \(account.key), \(time), \(time), name, id, \(scopes.text) FROM oauth_apps WHERE id = \(app.key)
                """,
                logger: logger
            )
        } else {
            try await connection.execute(
                """
                INSERT INTO oauth_app_tokens (token_hash, app_id, scopes, created_at)
                VALUES (\(hash), \(app.key), \(scopes.text), \(time))
                """,
                logger: logger
            )
        }
    }

    /// Reads the token's app, account and scopes.
    public func grant(tokenHash: String) async throws -> OAuthGrant? {
        try await reading { connection in
            let personal = try await connection.query(
                """
                SELECT \(unescaped: Self.accountColumns), \(unescaped: Self.appColumns), tokens.scopes, tokens.last_used_at
                FROM tokens JOIN oauth_apps ON oauth_apps.id = tokens.app_id JOIN accounts ON accounts.id = tokens.account_id
                WHERE tokens.token_hash = \(tokenHash)
                """,
                logger: logger
            ).first { row in
                let columns = PostgresRandomAccessRow(row)
                let after = accountColumnCount + Self.appColumnCount
                return OAuthGrant(
                    app: try OAuthApp(row: columns, from: accountColumnCount), account: try row.account(),
                    scopes: try Self.scopes(columns[after].decode(String.self)),
                    lastUsedAt: try columns[after + 1].decode(Date.self).toMilliseconds
                )
            }
            if let personal { return personal }
            return try await connection.query(
                """
                SELECT \(unescaped: Self.appColumns), oauth_app_tokens.scopes FROM oauth_app_tokens
                JOIN oauth_apps ON oauth_apps.id = oauth_app_tokens.app_id WHERE oauth_app_tokens.token_hash = \(tokenHash)
                """,
                logger: logger
            ).first { row in
                let columns = PostgresRandomAccessRow(row)
                return OAuthGrant(
                    app: try OAuthApp(row: columns, from: 0), account: nil,
                    scopes: try Self.scopes(columns[Self.appColumnCount].decode(String.self)), lastUsedAt: nil
                )
            }
        }
    }

    /// Deletes the app's token.
    public func revokeAppToken(hash: String, app: OAuthApp.ID) async throws -> Bool {
        try await writing { connection in
            let personal = try await connection.query(
                "DELETE FROM tokens WHERE token_hash = \(hash) AND app_id = \(app.key) RETURNING 1", logger: logger
            ).first { _ in true }
            let own = try await connection.query(
                "DELETE FROM oauth_app_tokens WHERE token_hash = \(hash) AND app_id = \(app.key) RETURNING 1", logger: logger
            ).first { _ in true }
            return personal != nil || own != nil
        }
    }
}

extension PostgresStorage {
    /// An app's columns, in the order `OAuthApp(row:from:)` reads them.
    static let appColumns =
        "oauth_apps.id, oauth_apps.client_id, oauth_apps.name, oauth_apps.website, oauth_apps.redirect_uris, oauth_apps.scopes, oauth_apps.created_at"
    /// How many columns `appColumns` names.
    static let appColumnCount = 7

    /// Scopes as stored, which were checked when they were written.
    static func scopes(_ text: String) throws -> OAuthScopes {
        try stored(OAuthScopes.init, text, "scopes")
    }
}

extension OAuthApp {
    /// The app of `PostgresStorage.appColumns`, from column `start`.
    init(row: PostgresRandomAccessRow, from start: Int) throws {
        let redirects = try row[start + 4].decode(String.self)
        self.init(
            id: OAuthApp.ID(integer: try row[start].decode(Int64.self)), clientID: try row[start + 1].decode(String.self),
            name: try row[start + 2].decode(String.self), website: try row[start + 3].decode(String?.self),
            redirectURIs: redirects.split(separator: "\n").map(String.init),
            scopes: try PostgresStorage.scopes(row[start + 5].decode(String.self)),
            createdAt: try row[start + 6].decode(Date.self).toMilliseconds
        )
    }
}
