import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

// The server's half of the mapping: wire shapes built from the services' own values, and requests read into
// them. The models' mapping, shared with every client, is QwinkleAPITypes' `Components+Models`.

extension Wire {
    /// A request's value in the model's spelling; one the model does not know is 422 naming the field.
    static func requested<Model: RawRepresentable<String>>(_ type: Model.Type, _ rawValue: String, field: String) throws -> Model {
        do { return try Wire.value(type, rawValue, field: field) } catch { throw ServiceError.invalid(field: field, "\(rawValue) is not a known value.") }
    }
}

extension WireContentRequest {
    /// The content a new entry, an edit or a draft sends, read as every client reads it; a value the model does not
    /// know is 422 naming the field. The rules of content are the services' to judge.
    func requestedContent() throws -> EntryContent {
        do {
            return try content()
        } catch {
            throw ServiceError.invalid(field: error.field ?? "body", error.reason ?? "\(error.value) is not a known value.")
        }
    }
}

extension Components.Schemas.Conversation {
    /// A conversation as the services show it.
    init(_ shown: ShownConversation) throws {
        try self.init(shown.conversation, accounts: shown.accounts, lastMessage: shown.lastMessage, unread: shown.unread)
    }
}

extension Components.Schemas.EditConflict {
    /// A refused edit: the base, the entry now, the edit, and the merge with its conflicts.
    init(_ shown: ShownConflict) throws {
        let conflict = shown.conflict
        self.init(
            error: .init(code: "edit_conflict", message: shown.message),
            baseRevision: conflict.baseRevision,
            base: try .init(shown.base),
            theirs: try .init(shown.theirs),
            yours: try .init(conflict.yours),
            merged: try .init(conflict.merged),
            conflicts: try conflict.conflicts.map(Components.Schemas.MergeConflict.init),
            problems: conflict.problems.map(\.message)
        )
    }
}

extension Components.Schemas.DraftConflict {
    /// A refused save of a draft: the base, the draft now, the save, and the merge with its conflicts.
    init(_ conflict: DraftConflict) throws {
        self.init(
            error: .init(code: "draft_conflict", message: conflict.message),
            baseRevision: conflict.baseRevision,
            base: try .init(conflict.base),
            theirs: try .init(conflict.theirs),
            yours: try .init(conflict.yours),
            merged: try .init(conflict.merged),
            conflicts: try conflict.conflicts.map(Components.Schemas.MergeConflict.init)
        )
    }
}

extension Components.Schemas.MergeConflict {
    /// One part both sides changed, with the three texts.
    init(_ conflict: MergeConflict) throws {
        let texts = conflict.texts
        self.init(part: try Wire.value(PartPayload.self, conflict.part.rawValue, field: "part"), base: texts.base, theirs: texts.theirs, yours: texts.yours)
    }
}

extension Components.Schemas.Report {
    /// A report as moderators (and its reporter) are shown it: its entries as the reporter saw them.
    init(_ shown: ShownReport) throws {
        let report = shown.report
        var origin: String?
        if case .server(let domain) = report.reporter { origin = domain }
        var resolvedAt: Date?
        if case .resolved(_, let at) = report.state { resolvedAt = at }
        self.init(
            id: report.id.rawValue, account: try .init(shown.account), reporter: try shown.reporter.map(Components.Schemas.Account.init),
            origin: origin,
            entries: try report.entries.map { try .init(TimelineEntry(entry: $0.entry, author: shown.account, marked: false)) },
            comment: report.comment, forwarded: report.forwarded, createdAt: report.createdAt, state: report.state.isOpen ? .open : .resolved,
            resolvedAt: resolvedAt, resolvedBy: try shown.resolvedBy.map(Components.Schemas.Account.init)
        )
    }
}

extension Components.Schemas.ModerationRecord {
    /// A line of the moderation log as moderators are shown it.
    init(_ shown: ShownModerationRecord) throws {
        let record = shown.record
        self.init(
            id: record.id.rawValue, action: try Wire.requested(ActionPayload.self, record.action.rawValue, field: "action"),
            moderator: try shown.moderator.map(Components.Schemas.Account.init), account: try shown.account.map(Components.Schemas.Account.init),
            reportId: record.report?.rawValue, note: record.note, createdAt: record.createdAt
        )
    }
}
