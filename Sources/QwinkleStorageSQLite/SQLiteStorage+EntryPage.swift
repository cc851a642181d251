import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: EntryPageStore {
    /// Reads a page's parents, accounts, marks, reply audiences and object IDs in one read transaction: one reader
    /// instead of five, and one state of the database, so a reply count never disagrees with the authors beside it.
    public func pageFacts(of entries: [Entry], alsoAccounts: Set<Account.ID>, viewer: Account.ID?) async throws -> EntryPageFacts {
        guard !entries.isEmpty || !alsoAccounts.isEmpty else { return EntryPageFacts() }
        // One shared run for all of them: each run of the shared operations costs a task of its own.
        return try reading { db in
            try Self.shared(db) { connection in
                var facts = EntryPageFacts()
                for parent in try await connection.entries(ids: EntryPageFacts.missingParents(of: entries)) { facts.parents[parent.id] = parent }
                facts.accounts = try await connection.accounts(ids: EntryPageFacts.accounts(of: entries, parents: facts.parents.values, others: alsoAccounts))
                if let viewer { facts.marked = try Self.markedEntries(among: Set(entries.map(\.id)), by: viewer, in: connection.db) }
                if let viewer {
                    facts.shared = try await connection.sharedEntries(among: entries.map(\.id), by: viewer)
                    facts.bookmarked = try await connection.bookmarkedEntries(among: entries.map(\.id), by: viewer)
                }
                facts.counts = try await connection.counts(of: entries.map(\.id))
                facts.replyAudiences = try await connection.replyAudiences(to: entries.map(\.id))
                facts.objectIDs = try await connection.objectIDs(of: EntryPageFacts.fromElsewhere(entries, accounts: facts.accounts))
                return facts
            }
        }
    }
}
