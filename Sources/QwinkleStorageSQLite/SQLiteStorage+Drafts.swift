import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: DraftStore {
    /// Inserts the draft's row and its first revision in one transaction.
    public func createDraft(_ new: NewDraft) async throws -> Draft {
        try await commits.write { db in
            let createdAt = new.createdAt.databaseValue
            try db.execute(
                cached: """
                    INSERT INTO drafts (owner_id, revision, saved, created_at, updated_at)
                    VALUES (?, 1, (SELECT coalesce(max(saved), 0) + 1 FROM drafts WHERE owner_id = ?), ?, ?)
                    """,
                arguments: [new.owner.key, new.owner.key, createdAt, createdAt]
            )
            let id = db.lastInsertedRowID
            try Self.insertDraftRevision(new.content, revision: 1, of: id, in: db)
            guard let storedTime = Date.fromDatabaseValue(createdAt) else { throw CorruptRow(description: "an unreadable time \(createdAt)") }
            return Draft(id: Draft.ID(integer: id), owner: new.owner, content: new.content, createdAt: storedTime, updatedAt: storedTime)
        }
    }

    /// Reads the draft's row and its current revision's content.
    public func draft(id: Draft.ID) async throws -> Draft? {
        try reading { db in try Self.fetchDrafts(db, where: "drafts.id = ?", arguments: [id.key]).first?.item }
    }

    /// Reads one kept revision's content.
    public func draftContent(of id: Draft.ID, revision: Int) async throws -> EntryContent? {
        try reading { db in
            try String.fetchOne(
                db, cached: "SELECT value FROM draft_revisions WHERE draft_id = ? AND revision = ?", arguments: [id.key, revision]
            ).map { try QwinkleJSON.decode(EntryContent.self, from: Data($0.utf8)) }
        }
    }

    /// Compares and sets in one transaction: the row moves on only from `expectedRevision`; the new revision is
    /// written with it, and revisions older than the kept ones go.
    public func updateDraft(_ draft: Draft, expectedRevision: Int) async throws -> Bool {
        try await commits.write { db in
            try db.execute(
                cached: """
                    UPDATE drafts SET revision = ?, updated_at = ?,
                        saved = (SELECT coalesce(max(saved), 0) + 1 FROM drafts WHERE owner_id = ?)
                    WHERE id = ? AND revision = ?
                    """,
                arguments: [draft.revision, draft.updatedAt, draft.owner.key, draft.id.key, expectedRevision]
            )
            guard db.changesCount == 1 else { return false }
            try Self.insertDraftRevision(draft.content, revision: draft.revision, of: draft.id.key, in: db)
            try db.execute(
                cached: "DELETE FROM draft_revisions WHERE draft_id = ? AND revision <= ?",
                arguments: [draft.id.key, draft.revision - Draft.keptRevisions]
            )
            return true
        }
    }

    /// Deletes the row; the schema's cascade takes the revisions.
    public func deleteDraft(id: Draft.ID) async throws -> Bool {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM drafts WHERE id = ?", arguments: [id.key])
            return db.changesCount > 0
        }
    }

    /// Reads a page of the owner's drafts by their saves.
    public func drafts(of owner: Account.ID, page: PageRequest) async throws -> [Paged<Draft>] {
        try reading { db in
            let window = Self.pageWindow(page, column: "drafts.saved")
            return try Self.fetchDrafts(
                db, where: "drafts.owner_id = ?" + window.sql, arguments: [owner.key] + window.arguments, limit: page.limit
            )
        }
    }

    /// Deletes the author's draft that a new entry posts, in the entry's transaction; `notFound` if there is none.
    static func deletePostedDraft(_ id: Draft.ID, of owner: Account.ID, in db: Database) throws {
        try db.execute(cached: "DELETE FROM drafts WHERE id = ? AND owner_id = ?", arguments: [id.key, owner.key])
        guard db.changesCount > 0 else { throw StorageError.notFound("The draft \(id)") }
    }

    /// Keeps a draft's content as its revision `revision`.
    private static func insertDraftRevision(_ content: EntryContent, revision: Int, of draft: Int64, in db: Database) throws {
        try db.execute(
            cached: "INSERT INTO draft_revisions (draft_id, revision, value) VALUES (?, ?, ?)",
            arguments: [draft, revision, String(decoding: try QwinkleJSON.encode(content), as: UTF8.self)]
        )
    }

    /// Drafts matching a condition with their current content, the most recently saved first.
    private static func fetchDrafts(_ db: Database, where condition: String, arguments: [Int64], limit: Int? = nil) throws -> [Paged<Draft>] {
        let limitClause = limit.map { " LIMIT \($0)" } ?? ""
        return try Row.fetchAll(
            db,
            cached: """
                SELECT drafts.id, drafts.owner_id, drafts.revision, drafts.created_at, drafts.updated_at, drafts.saved, draft_revisions.value
                FROM drafts JOIN draft_revisions ON draft_revisions.draft_id = drafts.id AND draft_revisions.revision = drafts.revision
                WHERE \(condition) ORDER BY drafts.saved DESC\(limitClause)
                """,
            arguments: StatementArguments(arguments)
        ).map { row in
            let value: String = row["value"]
            let draft = Draft(
                id: Draft.ID(integer: row["id"]), owner: Account.ID(integer: row["owner_id"]),
                content: try QwinkleJSON.decode(EntryContent.self, from: Data(value.utf8)), revision: row["revision"],
                createdAt: row["created_at"], updatedAt: row["updated_at"]
            )
            return Paged(cursor: row["saved"], item: draft)
        }
    }
}
