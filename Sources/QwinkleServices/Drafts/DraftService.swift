import QwinkleKit
import QwinkleStorage

/// Drafts kept by the server: started in one client, continued in another, gone once posted. A draft is its
/// owner's alone (`Policy.canUse`); to anyone else it answers as if it did not exist.
///
/// Saving is held to what makes a draft storable, not to what makes it postable: an empty draft, or one too long
/// for its visibility, is kept (the length rule is judged when posting), but the body and each line are capped at
/// `Draft.maxBodyCharacters`, a draft has at most `Entry.maxPhotos` photos, and they must be the owner's uploads.
public struct DraftService: Sendable {
    let context: ServiceContext
    let entries: EntryService
    var storage: any Storage { context.storage }

    /// Creates the service over the shared context, reading entries as `entries` shows them.
    public init(context: ServiceContext, entries: EntryService) {
        self.context = context
        self.entries = entries
    }

    /// Starts a draft at revision 1.
    public func create(_ content: EntryContent, by account: Account) async throws -> Draft {
        let content = try await savableContent(content, owner: account)
        return try await storage.createDraft(NewDraft(owner: account.id, content: content, createdAt: context.clock.now()))
    }

    /// One of the account's drafts.
    public func draft(id: String, by account: Account) async throws -> Draft {
        try await owned(id: id, by: account)
    }

    /// The account's drafts, the most recently saved first.
    public func drafts(of account: Account, page: PageRequest) async throws -> ListPage<Draft> {
        let found = try await storage.drafts(of: account.id, page: page)
        return ListPage(found, page: page)
    }

    /// Saves the content as the draft's next revision when it starts from the current one; otherwise nothing is
    /// stored and the answer is the three-way merge, to look at and save again from the current revision.
    public func save(_ content: EntryContent, baseRevision: Int, to id: String, by account: Account) async throws -> DraftResolution {
        var current = try await owned(id: id, by: account)
        let save = DraftSave(baseRevision: baseRevision, content: try await savableContent(content, owner: account))
        // A lost race re-reads the draft once: the save is then judged against the winner, as a conflict.
        for _ in 0..<2 {
            let base = baseRevision == current.revision ? current.content : try await storage.draftContent(of: current.id, revision: baseRevision)
            let resolution: DraftResolution
            do {
                resolution = try save.resolve(against: current, base: base, savedAt: context.clock.now())
            } catch {
                throw ServiceError.invalid(field: "base_revision", error.message)
            }
            switch resolution {
            case .saved(let saved) where saved.revision == current.revision:
                return .saved(saved)
            case .saved(let saved):
                if try await storage.updateDraft(saved, expectedRevision: current.revision) { return .saved(saved) }
                current = try await owned(id: id, by: account)
            case .conflict:
                return resolution
            }
        }
        throw ServiceError.conflict(code: "draft_conflict", message: "The draft is being saved elsewhere; fetch it and save again.")
    }

    /// Deletes one of the account's drafts with its revisions.
    public func delete(id: String, by account: Account) async throws {
        let draft = try await owned(id: id, by: account)
        _ = try await storage.deleteDraft(id: draft.id)
    }

    /// The draft with this ID if the account may use it; anything else is the same `notFound`.
    private func owned(id: String, by account: Account) async throws -> Draft {
        guard let draftID = Draft.ID(rawValue: id), draftID.integerValue != nil, let draft = try await storage.draft(id: draftID),
            Policy.canUse(draft, viewer: Viewer(account: account.id))
        else { throw ServiceError.notFound("The draft \(id)") }
        return draft
    }

    /// The content to keep, checked as a draft is (see the type's description), every problem reported by field.
    private func savableContent(_ content: EntryContent, owner: Account) async throws -> EntryContent {
        var fields: [String: [String]] = [:]
        if content.body.count > Draft.maxBodyCharacters {
            fields["body", default: []].append("A draft can hold at most \(Draft.maxBodyCharacters) characters.")
        }
        // A line longer than its limit is kept, as a body too long for its visibility is (posting judges both), but no
        // longer than a draft's body may be.
        for line in ContentLine.allCases where (content[line: line]?.count ?? 0) > Draft.maxBodyCharacters {
            fields[line.rawValue, default: []].append("A draft can hold at most \(Draft.maxBodyCharacters) characters.")
        }
        if content.photos.count > Entry.maxPhotos {
            fields["photos", default: []].append(DraftProblem.tooManyPhotos(maximum: Entry.maxPhotos).message)
        }
        var checked = content
        checked.photos = try await entries.attachedPhotos(content.photos, author: owner.id, fields: &fields)
        guard fields.isEmpty else { throw ServiceError.invalid(fields) }
        return checked
    }
}
