import Foundation
import QwinkleKit
import QwinkleStorage

extension DraftStore where Self: SQLDatabase {
    /// Inserts the draft's row and its first revision in one transaction.
    ///
    /// No cursor lock is taken (see `CursorSequence`): a page of drafts only ever reads older saves (`max_id`), and a
    /// save that commits late with a lower number is still found on a later page; nobody catches up on drafts.
    public func createDraft(_ new: NewDraft) async throws -> Draft {
        try await write { connection in
            let createdAt = connection.stored(new.createdAt)
            guard let id = try await connection.value(
                """
                INSERT INTO drafts (owner_id, revision, saved, created_at, updated_at)
                VALUES (\(new.owner.key), 1, \(connection.nextDraftSave(of: new.owner)), \(createdAt), \(createdAt)) RETURNING id
                """,
                as: Int64.self
            ) else { throw CorruptRow(description: "a draft inserted without an ID") }
            try await connection.insertDraftRevision(new.content, revision: 1, of: id)
            return Draft(id: Draft.ID(integer: id), owner: new.owner, content: new.content, createdAt: createdAt, updatedAt: createdAt)
        }
    }

    /// Reads the draft's row and its current revision's content.
    public func draft(id: Draft.ID) async throws -> Draft? {
        try await read { connection in try await connection.drafts(where: "drafts.id = \(id.key)").first?.item }
    }

    /// Reads one kept revision's content.
    public func draftContent(of id: Draft.ID, revision: Int) async throws -> EntryContent? {
        try await read { connection in
            try await connection.first("SELECT value FROM draft_revisions WHERE draft_id = \(id.key) AND revision = \(revision)") {
                try QwinkleJSON.decode(EntryContent.self, from: Data((try $0[0] as String).utf8))
            }
        }
    }

    /// Compares and sets in one transaction: the row moves on only from `expectedRevision` (the update takes the
    /// row's lock, so of concurrent saves from one base exactly one matches); the new revision is written with it,
    /// and revisions older than the kept ones go.
    public func updateDraft(_ draft: Draft, expectedRevision: Int) async throws -> Bool {
        try await write { connection in
            let changed = try await connection.returnsRow(
                """
                UPDATE drafts SET revision = \(draft.revision), updated_at = \(draft.updatedAt), saved = \(connection.nextDraftSave(of: draft.owner))
                WHERE id = \(draft.id.key) AND revision = \(expectedRevision)
                RETURNING 1
                """
            )
            guard changed else { return false }
            try await connection.insertDraftRevision(draft.content, revision: draft.revision, of: draft.id.key)
            try await connection.execute(
                "DELETE FROM draft_revisions WHERE draft_id = \(draft.id.key) AND revision <= \(draft.revision - Draft.keptRevisions)"
            )
            return true
        }
    }

    /// Deletes the row; the schema's cascade takes the revisions.
    public func deleteDraft(id: Draft.ID) async throws -> Bool {
        try await write { connection in try await connection.returnsRow("DELETE FROM drafts WHERE id = \(id.key) RETURNING 1") }
    }

    /// Reads a page of the owner's drafts by their saves.
    public func drafts(of owner: Account.ID, page: PageRequest) async throws -> [Paged<Draft>] {
        try await read { connection in
            try await connection.drafts(
                where: "drafts.owner_id = \(owner.key)\(SQL.pageWindow(page, column: "drafts.saved"))", limit: page.limit
            )
        }
    }
}

extension SQLConnection {
    /// Deletes the author's draft that a new entry posts, in the entry's transaction; `notFound` if there is none.
    public func deletePostedDraft(_ id: Draft.ID, of owner: Account.ID) async throws {
        guard try await returnsRow("DELETE FROM drafts WHERE id = \(id.key) AND owner_id = \(owner.key) RETURNING 1") else {
            throw StorageError.notFound("The draft \(id)")
        }
    }

    /// The number of a draft's next save: PostgreSQL's sequence, shared by every server; SQLite, with one writer,
    /// counts the owner's saves.
    fileprivate func nextDraftSave(of owner: Account.ID) -> SQL {
        switch dialect {
        case .postgres: "nextval('draft_saves')"
        case .sqlite: "(SELECT coalesce(max(saved), 0) + 1 FROM drafts WHERE owner_id = \(owner.key))"
        }
    }

    /// Keeps a draft's content as its revision `revision`.
    fileprivate func insertDraftRevision(_ content: EntryContent, revision: Int, of draft: Int64) async throws {
        let value = String(decoding: try QwinkleJSON.encode(content), as: UTF8.self)
        try await execute("INSERT INTO draft_revisions (draft_id, revision, value) VALUES (\(draft), \(revision), \(value))")
    }

    /// Drafts matching a condition with their current content, the most recently saved first.
    fileprivate func drafts(where condition: SQL, limit: Int? = nil) async throws -> [Paged<Draft>] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        return try await rows(
            """
            SELECT drafts.id, drafts.owner_id, drafts.revision, drafts.created_at, drafts.updated_at, drafts.saved, draft_revisions.value
            FROM drafts JOIN draft_revisions ON draft_revisions.draft_id = drafts.id AND draft_revisions.revision = drafts.revision
            WHERE \(condition) ORDER BY drafts.saved DESC \(limitClause)
            """
        ) { row in
            let draft = Draft(
                id: Draft.ID(integer: try row[0]), owner: Account.ID(integer: try row[1]),
                content: try QwinkleJSON.decode(EntryContent.self, from: Data((try row[6] as String).utf8)), revision: try row[2],
                createdAt: try row[3], updatedAt: try row[4]
            )
            return Paged(cursor: try row[5], item: draft)
        }
    }
}
