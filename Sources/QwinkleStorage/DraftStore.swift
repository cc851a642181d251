import Foundation
import QwinkleKit

/// A draft about to be stored; the storage gives it an ID and revision 1.
public struct NewDraft: Hashable, Sendable {
    /// The account whose draft it is.
    public var owner: Account.ID
    /// What has been written so far.
    public var content: EntryContent
    /// When it was started.
    public var createdAt: Date

    /// Describes a new draft.
    public init(owner: Account.ID, content: EntryContent, createdAt: Date) {
        self.owner = owner
        self.content = content
        self.createdAt = createdAt
    }
}

/// Drafts: each save is a revision, and the latest `Draft.keptRevisions` are kept as bases to merge from. A draft
/// goes when it is deleted, when it is posted (`NewEntry.draft`, in the entry's own transaction), and with its owner.
public protocol DraftStore: Sendable {
    /// Stores a new draft at revision 1.
    func createDraft(_ draft: NewDraft) async throws -> Draft
    /// The draft with this ID, whoever owns it (the caller decides who may see it).
    func draft(id: Draft.ID) async throws -> Draft?
    /// The content of a draft at one of its kept revisions; `nil` if it never had it or no longer keeps it.
    func draftContent(of id: Draft.ID, revision: Int) async throws -> EntryContent?
    /// Stores `draft` as the new current value, and as its revision, if the stored draft is still at
    /// `expectedRevision`; returns `false`, changing nothing, when another save got there first (or the draft is gone).
    func updateDraft(_ draft: Draft, expectedRevision: Int) async throws -> Bool
    /// Deletes a draft with its revisions; returns whether there was one.
    func deleteDraft(id: Draft.ID) async throws -> Bool
    /// A page of an account's drafts, the most recently saved first; the cursor grows with every save.
    func drafts(of owner: Account.ID, page: PageRequest) async throws -> [Paged<Draft>]
}
