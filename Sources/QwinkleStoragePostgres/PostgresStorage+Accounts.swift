import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

// The reads every request makes run as prepared statements (`FixedQuery`); the rest of both stores is shared.
extension PostgresStorage: AccountStore {
    /// Reads one account.
    public func account(id: Account.ID) async throws -> Account? {
        try await reading { connection in
            try await connection.run(AccountByID.self, logger: logger, binding: { $0.append(id.key) }) { try $0.account() }.first
        }
    }

    /// Reads one account by its lowercase username.
    public func account(username: String) async throws -> Account? {
        try await reading { connection in
            try await connection.run(AccountByUsername.self, logger: logger, binding: { $0.append(username.lowercased()) }) {
                try $0.account()
            }.first
        }
    }

    /// Reads several accounts in one query.
    public func accounts(ids: Set<Account.ID>) async throws -> [Account.ID: Account] {
        guard !ids.isEmpty else { return [:] }
        return try await reading { connection in try await accounts(ids: ids, on: connection) }
    }

    /// Several accounts by ID, in one query on `connection`.
    func accounts(ids: Set<Account.ID>, on connection: PostgresConnection) async throws -> [Account.ID: Account] {
        guard !ids.isEmpty else { return [:] }
        let accounts = try await connection.run(AccountsByID.self, logger: logger, binding: { $0.append(ids.map(\.key)) }) { try $0.account() }
        return Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
    }
}

extension PostgresStorage: SessionStore {
    /// Finds the token's account.
    public func account(tokenHash: String) async throws -> (account: Account, lastUsedAt: Date)? {
        try await reading { connection in
            try await connection.run(TokenAccount.self, logger: logger, binding: { $0.append(tokenHash) }) { row in
                (try row.account(), try PostgresSQLRow(row: PostgresRandomAccessRow(row))[Columns.accountCount] as Date)
            }.first
        }
    }
}
