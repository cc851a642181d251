import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: EntryPageStore {
    /// Reads a page's parents, accounts, marks, reply audiences and object IDs in one read transaction: one reader
    /// instead of five, and one state of the database, so a reply count never disagrees with the authors beside it.
    public func pageFacts(of entries: [Entry], alsoAccounts: Set<Account.ID>, viewer: Account.ID?) async throws -> EntryPageFacts {
        guard !entries.isEmpty || !alsoAccounts.isEmpty else { return EntryPageFacts() }
        return try reading { db in
            var facts = EntryPageFacts()
            for parent in try Self.entries(ids: EntryPageFacts.missingParents(of: entries), in: db) { facts.parents[parent.id] = parent }
            facts.accounts = try Self.accounts(ids: EntryPageFacts.accounts(of: entries, parents: facts.parents.values, others: alsoAccounts), in: db)
            if let viewer { facts.marked = try Self.markedEntries(among: Set(entries.map(\.id)), by: viewer, in: db) }
            facts.replyAudiences = try Self.replyAudiences(to: entries.map(\.id), in: db)
            facts.objectIDs = try Self.shared(db) { [accounts = facts.accounts] in try await $0.objectIDs(of: EntryPageFacts.fromElsewhere(entries, accounts: accounts)) }
            return facts
        }
    }
}
