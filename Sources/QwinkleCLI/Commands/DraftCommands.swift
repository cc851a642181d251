import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle drafts`: the drafts the server keeps for you, wherever you started them.
struct DraftsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drafts",
        abstract: "List your drafts, the most recently saved first.",
        discussion: "Drafts started in the web app, the terminal app or `qwinkle draft save` are all here.\n\nExample:\n  qwinkle drafts"
    )

    @Option(help: "How many to list (at most 100).") var limit: Int = 20
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let page = try await attempt { () async throws(QwinkleError) in try await api.drafts(limit: limit) }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(page.items)) }
        if page.items.isEmpty { return context.print("No drafts.") }
        for draft in page.items {
            let line = "\(draft.id)  r\(draft.revision)  \(Printing.time(draft.updatedAt))  \(Printing.what(draft.content.kind.name, for: draft.content.visibility))  "
            let body = draft.content.body.isEmpty ? "(empty)" : draft.content.body.replacingOccurrences(of: "\n", with: " ")
            context.print(line + String(body.prefix(max(10, Printing.width - line.count))))
        }
    }
}

/// `qwinkle draft`: save, show, edit, post and delete one draft.
struct DraftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draft",
        abstract: "Keep a draft on the server, continue it anywhere, and post it.",
        discussion: """
            A draft may hold what cannot be posted yet (nothing, or too much); the length rule is checked when it is \
            posted, and posting it deletes it. Two clients saving one draft merge as edits of an entry do.

            Examples:
              qwinkle draft save "Gave a short speech" --visibility followers
              qwinkle draft save --id 7 --revision 2 "Gave a short speech today"
              qwinkle draft edit 7
              qwinkle draft post 7
            """,
        subcommands: [DraftSaveCommand.self, DraftShowCommand.self, DraftEditCommand.self, DraftPostCommand.self, DraftDeleteCommand.self]
    )
}

/// `qwinkle draft save`.
struct DraftSaveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Start a draft, or save a new version of one (--id).",
        discussion: """
            A new draft is an update for everyone unless --kind or --visibility say otherwise (a journal entry is for \
            journal readers). A save with --id changes only what it names: the text (given, or piped in), the photos \
            (--photo replaces them all), --kind and a dream's details, --visibility; the rest stays as the draft has \
            it, so a draft never becomes more visible than it was unless asked. With --revision, the save starts from \
            that revision: if the draft was saved elsewhere since, nothing is saved, the merge is printed, and the exit \
            code is 1. Without it, the save starts from the draft as it is now.
            """
    )

    @OptionGroup var compose: ComposeOptions
    @Option(help: ArgumentHelp("update, journal or dream (a new draft: update).", valueName: "kind")) var kind: Entry.Kind.Name?
    @Option(help: "A dream's creature.") var creature: Creature?
    @Option(name: .customLong("effect"), help: "A dream's effect (repeatable).") var effects: [DreamEffect] = []
    @Option(help: "A dream's number of creatures, 1 to 10 (a new dream: 1).") var count: Int?
    @Option(name: .customLong("id"), help: "The draft to save; without it, a new draft is started.") var id: String?
    @Option(help: "The revision this save starts from.") var revision: Int?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let draftID = try id.map { text throws(CommandFailure) in try DraftID.parse(text) }
        if draftID == nil, revision != nil { throw CommandFailure.usage("--revision needs --id: a new draft starts at revision 1.") }
        if let revision, revision < 1 { throw CommandFailure.usage("--revision starts at 1.") }
        guard compose.at == nil else { throw CommandFailure.usage("A draft is not scheduled: post it later with `qwinkle post --at`.") }
        let context = CommandContext.current
        guard let draftID else {
            let entryKind = try entryKind(current: nil)
            let body = compose.body()
            let files = try compose.photoFiles()
            let api = try await client.client()
            let photos = try await compose.upload(files, api: api)
            var content = EntryContent(kind: entryKind, body: body, photos: photos, visibility: entryKind.name == .journal ? .journal : .public)
            compose.fields.apply(to: &content)
            let draft = try await attempt { () async throws(QwinkleError) in try await api.createDraft(content) }
            return context.print(output.json ? try Printing.json(draft) : "Saved draft \(draft.id) (revision 1).")
        }
        let body = namedBody()
        let files = try compose.photoFiles()
        let api = try await client.client()
        let current = try await attempt { () async throws(QwinkleError) in try await api.draft(draftID) }
        // What the save does not name stays as the draft has it now; a save from an older revision merges with it.
        var content = current.content
        content.kind = try entryKind(current: current.content.kind)
        if let body { content.body = body }
        if !files.isEmpty { content.photos = try await compose.upload(files, api: api) }
        compose.fields.apply(to: &content)
        let save = DraftSave(baseRevision: revision ?? current.revision, content: content)
        switch try await attempt({ () async throws(QwinkleError) in try await api.saveDraft(draftID, save) }) {
        case .saved(let draft):
            context.print(output.json ? try Printing.json(draft) : "Saved draft \(draft.id) (revision \(draft.revision)).")
        case .conflict(let conflict):
            throw DraftConflictPrinting.refuse(conflict)
        }
    }

    /// The text a save of an existing draft names: the words given, or `-` for standard input, or what is piped in;
    /// `nil` when none is (nothing typed after the command at a terminal, or an empty pipe), so the text stays.
    private func namedBody() -> String? {
        if compose.text == ["-"] { return compose.body() }
        if !compose.text.isEmpty { return compose.body() }
        guard !CommandContext.current.input.isTerminal else { return nil }
        let piped = compose.body()
        return piped.isEmpty ? nil : piped
    }

    /// The kind with a dream's details: the one named (a dream needs a creature, given or already the draft's), or
    /// the draft's own with the dream options given applied; nothing but a dream takes dream options.
    private func entryKind(current: Entry.Kind?) throws(CommandFailure) -> Entry.Kind {
        let name = kind ?? current?.name ?? .update
        let dreaming = creature != nil || !effects.isEmpty || count != nil
        switch name {
        case .update, .journal:
            guard !dreaming else { throw .usage("Only a dream (--kind dream) has a creature, effects and a count.") }
            return name == .update ? .update : .journal
        case .dream:
            let existing = current?.dream
            guard let creature = creature ?? existing?.creature else { throw .usage("A dream needs --creature.") }
            let number: CreatureCount
            if let count {
                guard let given = CreatureCount(count) else {
                    throw .usage("--count must be between \(CreatureCount.range.lowerBound) and \(CreatureCount.range.upperBound).")
                }
                number = given
            } else {
                number = existing?.numberOfCreatures ?? CreatureCount.one
            }
            let chosen = effects.isEmpty ? existing?.effects ?? [] : Set(effects)
            return .dream(DreamDetails(creature: creature, effects: chosen, numberOfCreatures: number))
        }
    }
}

/// `qwinkle draft show`.
struct DraftShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one of your drafts, and whether it can be posted as it is.",
        discussion: "Example:\n  qwinkle draft show 7"
    )

    @Argument(help: "The draft's ID.") var id: String
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let draftID = try DraftID.parse(id)
        let draft = try await attempt { () async throws(QwinkleError) in try await api.draft(draftID) }
        CommandContext.current.print(output.json ? try Printing.json(draft) : DraftConflictPrinting.draft(draft))
    }
}

/// `qwinkle draft edit`: continue a draft in $VISUAL or $EDITOR.
struct DraftEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Continue one of your drafts in $VISUAL or $EDITOR.",
        discussion: """
            Saving the file saves the draft; leaving it unchanged saves nothing. If the draft was saved elsewhere \
            meanwhile, the editor opens again on the merge, with conflicting words between <<<<<<< theirs, ======= \
            and >>>>>>> yours lines.

            Example:
              EDITOR=nano qwinkle draft edit 7
            """
    )

    @Argument(help: "The draft's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let draftID = try DraftID.parse(id)
        let saved = try await attempt { () async throws(QwinkleError) in try await api.draft(draftID) }
        let editor = try TextEditor(environment: CommandContext.current.environment)
        // The draft as the server has it, and what is being made of it; a conflict reopens the editor on the merge.
        try await editInRounds(
            from: (current: saved, content: saved.content), editor: editor, text: { $0.content.body },
            keepsChanging: "The draft keeps changing elsewhere; nothing was saved."
        ) { state, edited in
            guard edited != state.content.body || state.content != state.current.content else {
                CommandContext.current.print("Nothing changed: draft \(draftID) is as it was.")
                return .finished
            }
            var content = state.content
            content.body = edited
            let save = DraftSave(baseRevision: state.current.revision, content: content)
            switch try await attempt({ () async throws(QwinkleError) in try await api.saveDraft(draftID, save) }) {
            case .saved(let draft):
                CommandContext.current.print("Saved draft \(draft.id) (revision \(draft.revision)).")
                return .finished
            case .conflict(let conflict):
                CommandContext.current.errors.write("\(conflict.message)\n")
                return .again((current: conflict.theirs, content: conflict.merged))
            }
        }
    }
}

/// `qwinkle draft post`.
struct DraftPostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post", abstract: "Post one of your drafts as it is; the draft is deleted as the entry is made.",
        discussion: "Example:\n  qwinkle draft post 7"
    )

    @Argument(help: "The draft's ID.") var id: String
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let draftID = try DraftID.parse(id)
        let draft = try await attempt { () async throws(QwinkleError) in try await api.draft(draftID) }
        let assessment = draft.assessed()
        guard assessment.canPost else {
            throw CommandFailure.refused(
                "Draft \(draftID) cannot be posted yet: " + Printing.refusal(assessment, visibility: draft.content.visibility)
            )
        }
        guard !ConflictMarkers.hasUnresolvedConflict(in: draft.content.body) else {
            throw CommandFailure.refused("Draft \(draftID) still has conflict markers; resolve them first (qwinkle draft edit \(draftID)).")
        }
        let key = UUID().uuidString
        let posted = try await attempt { () async throws(QwinkleError) in try await api.post(draft: draftID, draft.content, idempotencyKey: key) }
        CommandContext.current.print(output.json ? try Printing.json(posted) : "Posted #\(posted.id) (\(Printing.what(posted.entry.kind.name, for: posted.entry.visibility, article: true))) from draft \(draftID).")
    }
}

/// `qwinkle draft delete`.
struct DraftDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete one of your drafts.", discussion: "Example:\n  qwinkle draft delete 7"
    )

    @Argument(help: "The draft's ID.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        let draftID = try DraftID.parse(id)
        try await attempt { () async throws(QwinkleError) in try await api.deleteDraft(draftID) }
        CommandContext.current.print("Deleted draft \(draftID).")
    }
}

/// A draft's ID as typed.
enum DraftID {
    static func parse(_ text: String) throws(CommandFailure) -> Draft.ID {
        guard !text.isEmpty, text.allSatisfy(\.isNumber), let id = Draft.ID(rawValue: text) else {
            throw .usage("\(text) is not a draft ID (the number at the start of a line of `qwinkle drafts`).")
        }
        return id
    }
}

/// How drafts and their conflicts are printed.
enum DraftConflictPrinting {
    /// A draft: a heading line, its text indented, its photos and dream, and whether it can be posted.
    static func draft(_ draft: Draft) -> String {
        let content = draft.content
        var lines = ["draft \(draft.id) · revision \(draft.revision) · saved \(Printing.time(draft.updatedAt)) · \(Printing.what(content.kind.name, for: content.visibility))"]
        lines += TextWrapping.lines(of: content.body, width: Printing.width - 4).map { "    " + $0 }
        for photo in content.photos {
            lines.append("    [photo \(photo.id)\(photo.alt.isEmpty ? "" : ": \(photo.alt)")]")
        }
        if let dream = content.dream {
            let effects = dream.effects.sorted().map(\.displayName).joined(separator: ", ")
            lines.append("    [dream: \(dream.numberOfCreatures) × \(dream.creature.displayName)\(effects.isEmpty ? "" : "; \(effects)")]")
        }
        let assessment = draft.assessed()
        lines.append(
            assessment.canPost
                ? "\(Plural.count(assessment.remaining, "character")) left; ready to post (qwinkle draft post \(draft.id))."
                : "Not ready to post: " + Printing.refusal(assessment, visibility: content.visibility)
        )
        return lines.joined(separator: "\n")
    }

    /// Prints a refused save's three versions and merge, and returns the failure to exit with.
    static func refuse(_ conflict: DraftConflictReport) -> CommandFailure {
        let id = conflict.theirs.id
        var lines = ["Nothing was saved: draft \(id) was saved elsewhere since revision \(conflict.baseRevision)."]
        lines.append("--- theirs (revision \(conflict.theirs.revision), visibility \(conflict.theirs.content.visibility.rawValue))")
        lines.append(conflict.theirs.content.body)
        lines.append("--- yours (visibility \(conflict.yours.visibility.rawValue))")
        lines.append(conflict.yours.body)
        lines.append("--- merged (visibility \(conflict.merged.visibility.rawValue))")
        lines.append(conflict.merged.body)
        lines.append("---")
        lines.append(conflict.conflictingParts.isEmpty ? "The merge is clean." : "Conflicting: \(conflict.conflictingParts.joined(separator: ", ")).")
        lines.append("To keep the merge: qwinkle draft save --id \(id) --revision \(conflict.theirs.revision) (with the merged text), or qwinkle draft edit \(id).")
        CommandContext.current.print(lines.joined(separator: "\n"))
        return CommandFailure.refused(conflict.message)
    }
}

extension Entry.Kind.Name: ExpressibleByArgument {}
