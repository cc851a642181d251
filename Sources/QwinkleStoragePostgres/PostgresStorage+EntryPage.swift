import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: EntryPageStore {
    /// Reads a page's parents, accounts, marks, shares, bookmarks, pins and photo sizes, reply audiences and object IDs one after another
    /// on one leased connection: one lease instead of five. Not in a transaction (its `BEGIN` and `COMMIT` would be two more round
    /// trips), so each query sees the latest commit, as the five reads apart did.
    public func pageFacts(of entries: [Entry], alsoAccounts: Set<Account.ID>, viewer: Account.ID?) async throws -> EntryPageFacts {
        guard !entries.isEmpty || !alsoAccounts.isEmpty else { return EntryPageFacts() }
        return try await reading { connection in
            var facts = EntryPageFacts()
            for parent in try await sql(connection).entries(ids: EntryPageFacts.missingParents(of: entries)) { facts.parents[parent.id] = parent }
            facts.accounts = try await accounts(
                ids: EntryPageFacts.accounts(of: entries, parents: facts.parents.values, others: alsoAccounts), on: connection
            )
            try await sql(connection).reactions(to: entries, viewer: viewer, into: &facts)
            facts.replyAudiences = try await sql(connection).replyAudiences(to: entries.map(\.id))
            facts.objectIDs = try await sql(connection).objectIDs(of: EntryPageFacts.fromElsewhere(entries, accounts: facts.accounts))
            return facts
        }
    }
}
