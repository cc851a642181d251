import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: EntryPageStore {
    /// Reads a page's parents, accounts, marks, shares, bookmarks, pins and photo sizes, reply audiences and object IDs in one read transaction: one reader
    /// instead of five, and one state of the database, so a reply count never disagrees with the authors beside it.
    public func pageFacts(of entries: [Entry], alsoAccounts: Set<Account.ID>, viewer: Account.ID?) async throws -> EntryPageFacts {
        guard !entries.isEmpty || !alsoAccounts.isEmpty else { return EntryPageFacts() }
        // One shared run for all of them: each run of the shared operations costs a task of its own.
        return try reading { db in
            try Self.shared(db) { connection in
                var facts = EntryPageFacts()
                for parent in try await connection.entries(ids: EntryPageFacts.missingParents(of: entries)) { facts.parents[parent.id] = parent }
                facts.accounts = try await connection.accounts(ids: EntryPageFacts.accounts(of: entries, parents: facts.parents.values, others: alsoAccounts))
                try await connection.reactions(to: entries, viewer: viewer, into: &facts)
                facts.replyAudiences = try await connection.replyAudiences(to: entries.map(\.id))
                facts.objectIDs = try await connection.objectIDs(of: EntryPageFacts.fromElsewhere(entries, accounts: facts.accounts))
                return facts
            }
        }
    }
}
