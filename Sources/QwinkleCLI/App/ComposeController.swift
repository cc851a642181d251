import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Writing an entry through `ComposeModel` (talk 004's journal editor): the counter is derived from the model on
/// every change, so attaching a photo takes 140 to 117 before a key is pressed; the photo drawer's state is the
/// model's semantic value, so toggling it faster than anything can draw never leaves the two disagreeing.
final class ComposeController: ViewController {
    /// The draft: the one truth the screen shows.
    private(set) var model: ComposeModel
    /// The server.
    private let session: AppSession
    /// Told after a post: the entry, or `nil` when it was queued because the server is away.
    var onPosted: ((TimelineEntry?) -> Void)?
    /// Told after the draft was scheduled for later instead.
    var onScheduled: ((ScheduledEntry) -> Void)?
    /// Update, journal entry or dream.
    private let kindChoice = SegmentedControl(["Update", "Journal", "Dream"])
    /// A dream's creature.
    private let creatureChoice = SegmentedControl(Creature.allCases.map(\.displayName))
    /// A dream's effects, one toggle each.
    private let effectToggles = DreamEffect.allCases.map { ($0, Toggle($0.displayName)) }
    /// How many creatures.
    private let countChoice = SegmentedControl(CreatureCount.range.map(String.init))
    /// The dream's choices, shown for a dream only.
    private lazy var dreamPanel = StackView(margin: 0, rows: [
        (creatureChoice, 1), (RowView(items: effectToggles.map { ($0.1, $0.1.intrinsicWidth) }), 1), (countChoice, 1),
    ])
    /// Who reads it, in words.
    private let visibilityChoice = SegmentedControl(ComposeController.visibilities.map(\.words))
    /// What the visibility means.
    private let audience = Label()
    /// The text.
    private let field = TextField(placeholder: "What is happening?")
    /// When to post it instead of now, as `qwinkle post --at` takes it; empty to post now.
    private let scheduleField = TextField(placeholder: "Post later? +30m, +2h, +1d or 2026-12-24T18:00:00+01:00 (empty: now)")
    /// Characters left.
    private let counter = Label()
    /// Opens and shuts the photo drawer.
    private let drawerToggle = Toggle("Photos")
    /// The drawer: a photo's file and alt text, and the photos attached.
    private lazy var drawer = StackView(margin: 0, rows: [(photoPath, 1), (photoAlt, 1), (attachButton, 1), (attached, 4)])
    /// The photo's file.
    private let photoPath = TextField(placeholder: "Path of a photo to attach")
    /// The photo's alt text.
    private let photoAlt = TextField(placeholder: "Alt text: what the photo shows")
    /// Uploads and attaches the photo.
    private let attachButton = Button("Attach")
    /// The photos attached.
    private let attached = Label(wraps: true)
    /// The entry this answers, when it is a reply.
    private let answering: TimelineEntry?
    /// Says whom a reply answers; empty otherwise.
    private let replyLine = Label()
    /// Posts.
    private let postButton = Button("Post")
    /// What went wrong, if anything.
    private let problem = Label(wraps: true)
    /// Whether the draft is saved on the server.
    private let keptStatus = Label()
    /// The server's draft this screen saves to, and the revision it last saved; `nil` before the first save.
    private var kept: (id: Draft.ID, revision: Int)?
    /// The save waiting for a second without changes, or on its way.
    private var keeping: Task<Void, Never>?
    /// When the last save started: saves are at least `keepSpacing` apart, so steady typing cannot spend the session's
    /// rate limit on them.
    private var lastKept: ContinuousClock.Instant?
    /// The least time between two saves.
    private static let keepSpacing: Duration = .seconds(5)

    /// The visibilities, in the order offered, with their words.
    static let visibilities: [(visibility: Visibility, words: String)] = [
        (.public, "Everyone"), (.unlisted, "Unlisted"), (.followers, "Followers"), (.journal, "Journal readers"), (.private, "Only me"),
    ]

    /// A compose screen, restoring a saved draft if there is one.
    init(session: AppSession, draft: AppState.Draft?) {
        self.session = session
        answering = nil
        let kind: Entry.Kind = switch draft?.kind {
        case .journal: .journal
        case .dream: .dream(draft?.dream ?? DreamDetails(creature: .unicorn(.pink)))
        case .update, nil: .update
        }
        model = ComposeModel(kind: kind, visibility: draft?.visibility ?? .public)
        model.body = draft?.body ?? ""
        if let id = draft?.keptID, let revision = draft?.keptRevision { kept = (id, revision) }
        super.init()
        title = "New entry"
    }

    /// A compose screen replying to `parent`, with the parent's visibility preselected (the server's default too).
    init(session: AppSession, replyingTo parent: TimelineEntry) {
        self.session = session
        answering = parent
        model = ComposeModel(kind: .update, visibility: parent.entry.visibility)
        super.init()
        title = "Reply to @\(parent.author.username)"
    }

    /// The draft as saved state; `nil` when nothing is written.
    var savedDraft: AppState.Draft? {
        guard !model.body.isEmpty else { return nil }
        return AppState.Draft(
            body: model.body, visibility: model.visibility, kind: model.kind.name, dream: model.kind.dream, keptID: kept?.id,
            keptRevision: kept?.revision
        )
    }

    /// Whether posting now would lose nothing (nothing written, nothing attached).
    var isEmpty: Bool { model.body.isEmpty && model.photos.isEmpty }

    /// The controls, top to bottom.
    override func loadView() -> View {
        return StackView(rows: [
            (replyLine, answering == nil ? 0 : 1), (kindChoice, 1), (dreamPanel, 3), (visibilityChoice, 1), (audience, 2), (field, 5), (counter, 1), (drawerToggle, 1), (drawer, 7),
            (scheduleField, 1), (postButton, 1), (keptStatus, 1), (problem, 2), (View(), nil),
        ])
    }

    /// Connects every control to its action, targeting this controller.
    override func viewDidLoad() {
        field.isMultiline = true
        if let parent = answering { replyLine.text = StyledText(ShownReply.to(parent: parent.id, author: parent.author).label, style: .strong) }
        field.text = model.body
        kindChoice.selectedIndex = Entry.Kind.Name.allCases.firstIndex(of: model.kind.name) ?? 0
        if let dream = model.kind.dream {
            creatureChoice.selectedIndex = Creature.allCases.firstIndex(of: dream.creature) ?? 0
            for (effect, toggle) in effectToggles { toggle.isOn = dream.effects.contains(effect) }
            countChoice.selectedIndex = dream.numberOfCreatures.rawValue - 1
        }
        visibilityChoice.selectedIndex = Self.visibilities.firstIndex { $0.visibility == model.visibility } ?? 0
        field.addTarget(self, action: .draftChanged, for: .editingChanged)
        for control in [kindChoice, creatureChoice, countChoice, visibilityChoice] + effectToggles.map(\.1) as [Control] {
            control.addTarget(self, action: .draftSettingsChanged, for: .valueChanged)
        }
        drawerToggle.addTarget(self, action: .toggleDrawer, for: .valueChanged)
        attachButton.addTarget(self, action: .attachPhoto, for: .primaryActionTriggered)
        postButton.addTarget(self, action: .post, for: .primaryActionTriggered)
        show()
    }

    /// The text has the focus.
    override var preferredFirstResponder: View? { field }

    /// Posting and the drawer from anywhere on the screen.
    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.control("s"), "Post", action: .post, isMain: true),
            KeyCommand(.control("p"), "Photos", action: .toggleDrawer, isMain: true),
            KeyCommand(.control("o"), "Latest draft", action: .openLatestDraft, isMain: true),
            KeyCommand(.tab, "Next field", action: .focusNext),
        ]
    }

    /// The model's changes: every one goes through the model, and the screen is shown again from it.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .draftChanged:
            model.body = field.text
            // Typing makes room for the text: the drawer collapses, as talk 004's keyboard does.
            model.focusBody()
            keep()
        case .draftSettingsChanged:
            model.kind = chosenKind
            model.visibility = Self.visibilities[visibilityChoice.selectedIndex].visibility
            keep()
        case .toggleDrawer:
            model.toggleDrawer()
        case .attachPhoto: attachPhoto()
        case .post: post()
        case .openLatestDraft: openLatestDraft()
        default: return false
        }
        show()
        return true
    }

    /// The kind the controls choose: a dream carries the creature, effects and count chosen.
    private var chosenKind: Entry.Kind {
        switch Entry.Kind.Name.allCases[kindChoice.selectedIndex] {
        case .update: return .update
        case .journal: return .journal
        case .dream:
            return .dream(DreamDetails(
                creature: Creature.allCases[creatureChoice.selectedIndex],
                effects: Set(effectToggles.filter(\.1.isOn).map(\.0)),
                numberOfCreatures: CreatureCount(rawValue: countChoice.selectedIndex + 1) ?? .one
            ))
        }
    }

    /// Shows the model: the counter, the drawer, the photos and whether Post is enabled, all derived from it.
    private func show() {
        let remaining = model.remainingCharacters
        counter.text = StyledText(
            remaining >= 0
                ? "\(Plural.count(remaining, "character")) left of \(model.assessment.limit)"
                : "\(Plural.count(-remaining, "character")) too many for \(model.assessment.limit)",
            style: remaining < 0 ? TextStyle(foreground: .red, bold: true) : remaining < 20 ? TextStyle(foreground: .yellow) : .faint
        )
        audience.text = StyledText(model.visibility.audienceDescription, style: .faint)
        dreamPanel.isHidden = model.kind.dream == nil
        let expanded = model.photoDrawer == .expanded
        drawerToggle.isOn = expanded
        drawer.isHidden = !expanded
        attachButton.isEnabled = model.canAttachPhoto
        attached.text = StyledText(
            model.photos.isEmpty ? "No photos attached." : model.photos.map { "• \($0.id) — \($0.alt)" }.joined(separator: "\n"), style: .faint
        )
        postButton.isEnabled = model.canPost
        if model.canPost || model.body.isEmpty { problem.text = "" } else {
            problem.text = StyledText(model.assessment.problems.map(\.message).joined(separator: " "), style: TextStyle(foreground: .red))
        }
    }

    /// Uploads the photo the drawer names and attaches it.
    private func attachPhoto() {
        let path = (photoPath.text as NSString).expandingTildeInPath
        guard let bytes = FileManager.default.contents(atPath: path) else {
            problem.text = StyledText("Cannot read \(photoPath.text).", style: TextStyle(foreground: .red))
            return
        }
        let alt = photoAlt.text
        let api = session.api
        Task {
            do {
                let photo = try await api.uploadPhoto([UInt8](bytes))
                model.attach(AttachedPhoto(id: photo.id, alt: alt))
                keep()
                photoPath.text = ""
                photoAlt.text = ""
                show()
            } catch {
                problem.text = StyledText(String(describing: error), style: TextStyle(foreground: .red))
            }
        }
    }

    /// Posts the draft (queues it when the server is away), or schedules it when a time is given, then starts a
    /// fresh one and goes back.
    private func post() {
        guard model.canPost else { return }
        let content = model.content
        let when = scheduleField.text.trimmingCharacters(in: .whitespaces)
        if let parent = answering { return reply(content, to: parent) }
        guard when.isEmpty else { return schedule(content, at: when) }
        keeping?.cancel()
        let previous = keeping
        Task {
            // A save on its way lands first, so the post names the draft it made and deletes it.
            await previous?.value
            do {
                let posted = try await session.post(content, draft: kept?.id)
                let visibility = model.visibility
                model = ComposeModel(kind: model.kind, visibility: visibility)
                kept = nil
                keptStatus.text = ""
                field.text = ""
                show()
                onPosted?(posted)
                navigationController?.pop()
            } catch {
                problem.text = StyledText("\(error)", style: TextStyle(foreground: .red))
            }
        }
    }

    /// Posts a reply straight to the server: a reply is neither queued offline nor scheduled (the server refuses a
    /// scheduled reply), and its refusal (say, a parent gone meanwhile) shows under the form.
    private func reply(_ content: EntryContent, to parent: TimelineEntry) {
        // Picking another visibility than the preselected parent's is an explicit choice, so it is sent as "wider is
        // meant"; the server still judges the rest (journal threads stay journal or private).
        let wider = content.visibility != parent.entry.visibility
        let api = session.api
        Task {
            do {
                let posted = try await api.createEntry(content, idempotencyKey: UUID().uuidString, replyingTo: parent.id, wider: wider)
                onPosted?(posted)
                navigationController?.pop()
            } catch {
                problem.text = StyledText("\(error)", style: TextStyle(foreground: .red))
                setNeedsDisplay()
            }
        }
    }

    /// Saves the draft to the server a second after the last change (a change meanwhile starts the second again), and
    /// at most once in `keepSpacing`, so it continues in the web app or `qwinkle draft`.
    private func keep() {
        // A server draft cannot hold whom it answers, so a reply is not kept there.
        guard answering == nil else { return }
        keeping?.cancel()
        let previous = keeping
        keeping = Task { [weak self] in
            await previous?.value
            let spaced = self?.lastKept.map { $0 + Self.keepSpacing - ContinuousClock.now } ?? .zero
            try? await Task.sleep(for: max(.seconds(1), spaced))
            guard !Task.isCancelled else { return }
            await self?.saveKept()
        }
    }

    /// One save: the first makes the server's draft; later ones suggest from the revision last saved. A save made
    /// elsewhere meanwhile comes back as the merge, which replaces the text when nothing was typed since, and is
    /// saved from their revision.
    private func saveKept() async {
        lastKept = ContinuousClock.now
        let sent = model.content
        do {
            guard let kept else {
                let draft = try await session.api.createDraft(sent)
                self.kept = (draft.id, draft.revision)
                keptStatus.text = StyledText("Draft saved", style: .faint)
                return
            }
            switch try await session.api.saveDraft(kept.id, DraftSave(baseRevision: kept.revision, content: sent)) {
            case .saved(let draft):
                self.kept = (draft.id, draft.revision)
                keptStatus.text = StyledText("Draft saved", style: .faint)
            case .conflict(let conflict):
                self.kept = (kept.id, conflict.theirs.revision)
                if model.content == sent {
                    adopt(conflict.merged)
                    keptStatus.text = StyledText("Changed elsewhere too: merged here.", style: TextStyle(foreground: .yellow))
                } else {
                    self.kept = (kept.id, conflict.baseRevision)
                }
                keep()
            }
        } catch where error.isUnreachable {
            keptStatus.text = StyledText("Draft not saved: the server is away.", style: .faint)
        } catch {
            keptStatus.text = StyledText("Draft not saved: \(error)", style: TextStyle(foreground: .red))
        }
        setNeedsDisplay()
    }

    /// Continues the draft saved most recently on the server, wherever it was started.
    private func openLatestDraft() {
        let api = session.api
        keeping?.cancel()
        Task {
            do {
                guard let draft = try await api.drafts(limit: 1).items.first else {
                    keptStatus.text = StyledText("No drafts on the server.", style: .faint)
                    return
                }
                kept = (draft.id, draft.revision)
                model = ComposeModel(kind: draft.content.kind, visibility: draft.content.visibility)
                adopt(draft.content)
                keptStatus.text = StyledText("Continuing draft \(draft.id).", style: .faint)
            } catch {
                problem.text = StyledText("\(error)", style: TextStyle(foreground: .red))
            }
            setNeedsDisplay()
        }
    }

    /// Shows content from the server (a merge, or a draft continued) as the model and the controls.
    private func adopt(_ content: EntryContent) {
        model.body = content.body
        model.kind = content.kind
        model.visibility = content.visibility
        model.lines = content.lines
        model.sensitive = content.sensitive
        for photo in content.photos where !model.photos.contains(photo) { model.attach(photo) }
        field.text = content.body
        kindChoice.selectedIndex = Entry.Kind.Name.allCases.firstIndex(of: content.kind.name) ?? 0
        visibilityChoice.selectedIndex = Self.visibilities.firstIndex { $0.visibility == content.visibility } ?? 0
        show()
    }

    /// Schedules the draft for the time typed; a time that is none, or that the server refuses, is said under the
    /// form and the draft stays. Nothing is queued offline: the server must judge the time now.
    private func schedule(_ content: EntryContent, at text: String) {
        let time: Date
        do {
            time = try ScheduleTime.parse(text)
        } catch {
            problem.text = StyledText(error.message, style: TextStyle(foreground: .red))
            return
        }
        let api = session.api
        keeping?.cancel()
        let previous = keeping
        Task {
            // A save on its way lands first, so the schedule names the draft it made and deletes it.
            await previous?.value
            do {
                let scheduled = try await api.scheduleEntry(content, at: time, draft: kept?.id)
                model = ComposeModel(kind: model.kind, visibility: model.visibility)
                kept = nil
                keptStatus.text = ""
                field.text = ""
                scheduleField.text = ""
                show()
                onScheduled?(scheduled)
                navigationController?.pop()
            } catch {
                problem.text = StyledText("\(error)", style: TextStyle(foreground: .red))
            }
        }
    }
}
