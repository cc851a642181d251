import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle edit`: talk 004's Edit, Cancel and Done, with your editor as the copy.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit one of your entries in $VISUAL or $EDITOR.",
        discussion: """
            The editor opens on a copy of the text. Leaving it unchanged or empty cancels. Saving suggests the \
            edit; if the entry changed meanwhile, the editor opens again on the merge, with conflicting words \
            between <<<<<<< theirs, ======= and >>>>>>> yours lines. A file that still has them is not sent. \
            --visibility changes who may read it in the same edit (saved even when the text stays).

            Examples:
              EDITOR=nano qwinkle edit 42
              qwinkle edit 42 --visibility followers
            """
    )

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var fields: ContentOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.entry(entryID) }
        let current = item.entry
        // Whose entry it is comes first: nobody should set up an editor only to learn they cannot edit it.
        let me = try await AccountName.resolve(nil, api: api, credentials: client)
        guard item.author.username == me else {
            throw CommandFailure.refused("#\(current.id) is @\(item.author.username)'s entry; you can edit only your own.")
        }
        let editor = try TextEditor(environment: CommandContext.current.environment)
        // The fields named are the edit's from the start; then edit the text and suggest. A conflict reopens the
        // editor on the merge, from the revision that won.
        var session = EditSession(editing: current)
        fields.apply(to: &session.draft)
        try await editInRounds(
            from: session, editor: editor, text: \.draft.body,
            keepsChanging: "The entry keeps changing elsewhere; nothing was sent."
        ) { session, edited in
            guard !edited.isEmpty, edited != session.draft.body || session.hasChanges else {
                CommandContext.current.print("Cancelled: #\(current.id) is unchanged.")
                return .finished
            }
            guard !ConflictMarkers.hasUnresolvedConflict(in: edited) else {
                throw CommandFailure.refused("The text still has conflict markers; nothing was sent. Run `qwinkle edit \(current.id)` again.")
            }
            var session = session
            session.draft.body = edited
            let suggestion = session.done()
            switch try await attempt({ () async throws(QwinkleError) in try await api.suggestEdit(of: current.id, suggestion) }) {
            case .applied(let entry):
                CommandContext.current.print(output.json ? try Printing.json(entry) : "Saved #\(entry.id) as revision \(entry.entry.revision).")
                return .finished
            case .conflict(let conflict):
                CommandContext.current.errors.write("\(conflict.message)\n")
                return .again(EditSession(editing: conflict.theirs, draft: conflict.merged))
            }
        }
    }
}

/// `qwinkle revisions`.
struct RevisionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revisions", abstract: "List the revisions of one of your entries, oldest first.",
        discussion: "Example:\n  qwinkle revisions 42"
    )

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let revisions = try await attempt { () async throws(QwinkleError) in try await api.revisions(of: entryID) }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(revisions)) }
        for item in revisions {
            let entry = item.entry
            let line = "r\(entry.revision)  \(Printing.time(entry.editedAt ?? entry.createdAt))  \(Printing.audience(entry.visibility))  "
            context.print(line + String(entry.body.replacingOccurrences(of: "\n", with: " ").prefix(Printing.width - line.count)))
        }
    }
}

/// `qwinkle restore`.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Make an earlier revision of one of your entries current again.",
        discussion: "Example:\n  qwinkle restore 42 1"
    )

    @Argument(help: "The entry's ID.") var id: String
    @Argument(help: "The revision to restore.") var revision: Int
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.restore(entryID, revision: revision) }
        CommandContext.current.print("Restored revision \(revision) of #\(item.id) as revision \(item.entry.revision).")
    }
}

/// `qwinkle restore-deleted`.
struct RestoreDeletedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore-deleted", abstract: "Bring one of your deleted entries back from your trash, as it was.",
        discussion: "Deleted entries wait in your trash for 30 days; this brings one back with its ID, revisions and marks.\n\nExample:\n  qwinkle restore-deleted 42"
    )

    @Argument(help: "The deleted entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        let item = try await attempt { () async throws(QwinkleError) in try await api.restoreDeleted(entryID) }
        CommandContext.current.print("Restored #\(item.id) from your trash.")
    }
}

/// `qwinkle delete`.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete one of your entries.", discussion: "Example:\n  qwinkle delete 42"
    )

    @Argument(help: "The entry's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let entryID = try EntryID.parse(id)
        try await attempt { () async throws(QwinkleError) in try await api.deleteEntry(entryID) }
        CommandContext.current.print("Deleted #\(entryID); it waits in your trash for 30 days (qwinkle restore-deleted \(entryID)).")
    }
}
