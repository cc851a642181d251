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
    /// Posts.
    private let postButton = Button("Post")
    /// What went wrong, if anything.
    private let problem = Label(wraps: true)

    /// The visibilities, in the order offered, with their words.
    static let visibilities: [(visibility: Visibility, words: String)] = [
        (.public, "Everyone"), (.followers, "Followers"), (.journal, "Journal readers"), (.private, "Only me"),
    ]

    /// A compose screen, restoring a saved draft if there is one.
    init(session: AppSession, draft: AppState.Draft?) {
        self.session = session
        let kind: Entry.Kind = switch draft?.kind {
        case .journal: .journal
        case .dream: .dream(draft?.dream ?? DreamDetails(creature: .unicorn(.pink)))
        case .update, nil: .update
        }
        model = ComposeModel(kind: kind, visibility: draft?.visibility ?? .public)
        model.body = draft?.body ?? ""
        super.init()
        title = "New entry"
    }

    /// The draft as saved state; `nil` when nothing is written.
    var savedDraft: AppState.Draft? {
        guard !model.body.isEmpty else { return nil }
        return AppState.Draft(body: model.body, visibility: model.visibility, kind: model.kind.name, dream: model.kind.dream)
    }

    /// Whether posting now would lose nothing (nothing written, nothing attached).
    var isEmpty: Bool { model.body.isEmpty && model.photos.isEmpty }

    /// The controls, top to bottom.
    override func loadView() -> View {
        return StackView(rows: [
            (kindChoice, 1), (dreamPanel, 3), (visibilityChoice, 1), (audience, 2), (field, 5), (counter, 1), (drawerToggle, 1), (drawer, 7),
            (scheduleField, 1), (postButton, 1), (problem, 2), (View(), nil),
        ])
    }

    /// Connects every control to its action, targeting this controller.
    override func viewDidLoad() {
        field.isMultiline = true
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
        case .draftSettingsChanged:
            model.kind = chosenKind
            model.visibility = Self.visibilities[visibilityChoice.selectedIndex].visibility
        case .toggleDrawer:
            model.toggleDrawer()
        case .attachPhoto: attachPhoto()
        case .post: post()
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
            "\(remaining) characters left of \(model.assessment.limit)",
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
        guard when.isEmpty else { return schedule(content, at: when) }
        Task {
            do {
                let posted = try await session.post(content)
                let visibility = model.visibility
                model = ComposeModel(kind: model.kind, visibility: visibility)
                field.text = ""
                show()
                onPosted?(posted)
                navigationController?.pop()
            } catch {
                problem.text = StyledText("\(error)", style: TextStyle(foreground: .red))
            }
        }
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
        Task {
            do {
                let scheduled = try await api.scheduleEntry(content, at: time)
                model = ComposeModel(kind: model.kind, visibility: model.visibility)
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
