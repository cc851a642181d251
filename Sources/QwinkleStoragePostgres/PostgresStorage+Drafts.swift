import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: DraftStore {
    /// Inserts the draft's row and its first revision in one transaction.
    ///
    /// No cursor lock is taken (see `CursorSequence`): a page of drafts only ever reads older saves (`max_id`), and a
    /// save that commits late with a lower number is still found on a later page; nobody catches up on drafts.
    public func createDraft(_ new: NewDraft) async throws -> Draft {
        try await writing { connection in
            let createdAt = new.createdAt.toMilliseconds
            let id = try await connection.query(
                """
                INSERT INTO drafts (owner_id, revision, created_at, updated_at)
                VALUES (\(new.owner.key), 1, \(createdAt), \(createdAt)) RETURNING id
                """,
                logger: logger
            ).first { try $0.decode(Int64.self) }
            guard let id else { throw CorruptRow(description: "a draft inserted without an ID") }
            try await insertDraftRevision(new.content, revision: 1, of: id, on: connection)
            return Draft(id: Draft.ID(integer: id), owner: new.owner, content: new.content, createdAt: createdAt, updatedAt: createdAt)
        }
    }

    /// Reads the draft's row and its current revision's content.
    public func draft(id: Draft.ID) async throws -> Draft? {
        try await reading { connection in
            try await fetchDrafts(on: connection, where: "drafts.id = \(id.key)").first?.item
        }
    }

    /// Reads one kept revision's content.
    public func draftContent(of id: Draft.ID, revision: Int) async throws -> EntryContent? {
        try await reading { connection in
            try await connection.query(
                "SELECT value FROM draft_revisions WHERE draft_id = \(id.key) AND revision = \(revision)", logger: logger
            ).first { try QwinkleJSON.decode(EntryContent.self, from: Data(try $0.decode(String.self).utf8)) }
        }
    }

    /// Compares and sets in one transaction: the row moves on only from `expectedRevision` (the update takes the
    /// row's lock, so of concurrent saves from one base exactly one matches); the new revision is written with it,
    /// and revisions older than the kept ones go.
    public func updateDraft(_ draft: Draft, expectedRevision: Int) async throws -> Bool {
        try await writing { connection in
            let changed = try await connection.query(
                """
                UPDATE drafts SET revision = \(draft.revision), updated_at = \(draft.updatedAt.toMilliseconds), saved = nextval('draft_saves')
                WHERE id = \(draft.id.key) AND revision = \(expectedRevision)
                RETURNING 1
                """,
                logger: logger
            ).first { _ in true } ?? false
            guard changed else { return false }
            try await insertDraftRevision(draft.content, revision: draft.revision, of: draft.id.key, on: connection)
            try await connection.execute(
                "DELETE FROM draft_revisions WHERE draft_id = \(draft.id.key) AND revision <= \(draft.revision - Draft.keptRevisions)",
                logger: logger
            )
            return true
        }
    }

    /// Deletes the row; the schema's cascade takes the revisions.
    public func deleteDraft(id: Draft.ID) async throws -> Bool {
        try await writing { connection in
            try await connection.query("DELETE FROM drafts WHERE id = \(id.key) RETURNING 1", logger: logger).first { _ in true } ?? false
        }
    }

    /// Reads a page of the owner's drafts by their saves.
    public func drafts(of owner: Account.ID, page: PageRequest) async throws -> [Paged<Draft>] {
        try await reading { connection in
            try await fetchDrafts(
                on: connection, where: "drafts.owner_id = \(owner.key) \(Self.window(page, column: "drafts.saved"))", limit: page.limit
            )
        }
    }

    /// Deletes the author's draft that a new entry posts, in the entry's transaction; `notFound` if there is none.
    func deletePostedDraft(_ id: Draft.ID, of owner: Account.ID, on connection: PostgresConnection) async throws {
        let deleted = try await connection.query(
            "DELETE FROM drafts WHERE id = \(id.key) AND owner_id = \(owner.key) RETURNING 1", logger: logger
        ).first { _ in true } ?? false
        guard deleted else { throw StorageError.notFound("The draft \(id)") }
    }

    /// Keeps a draft's content as its revision `revision`.
    private func insertDraftRevision(_ content: EntryContent, revision: Int, of draft: Int64, on connection: PostgresConnection) async throws {
        let value = String(decoding: try QwinkleJSON.encode(content), as: UTF8.self)
        try await connection.execute(
            "INSERT INTO draft_revisions (draft_id, revision, value) VALUES (\(draft), \(revision), \(value))", logger: logger
        )
    }

    /// Drafts matching a condition with their current content, the most recently saved first.
    private func fetchDrafts(on connection: PostgresConnection, where condition: SQL, limit: Int? = nil) async throws -> [Paged<Draft>] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        let query: SQL = """
            SELECT drafts.id, drafts.owner_id, drafts.revision, drafts.created_at, drafts.updated_at, drafts.saved, draft_revisions.value
            FROM drafts JOIN draft_revisions ON draft_revisions.draft_id = drafts.id AND draft_revisions.revision = drafts.revision
            WHERE \(condition) ORDER BY drafts.saved DESC \(limitClause)
            """
        return try await connection.query(try query.query, logger: logger).map { row in
            let (id, owner, revision, createdAt, updatedAt, saved, value) = try row.decode((Int64, Int64, Int, Date, Date, Int64, String).self)
            let draft = Draft(
                id: Draft.ID(integer: id), owner: Account.ID(integer: owner),
                content: try QwinkleJSON.decode(EntryContent.self, from: Data(value.utf8)), revision: revision,
                createdAt: createdAt.toMilliseconds, updatedAt: updatedAt.toMilliseconds
            )
            return Paged(cursor: saved, item: draft)
        }
    }
}
