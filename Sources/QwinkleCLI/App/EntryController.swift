import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// One entry: its text, its photos as names with alt text, a dream's card; mark it, and edit your own on a copy.
final class EntryController: ViewController {
    /// The entry as last seen.
    private(set) var entry: TimelineEntry
    /// The server.
    private let session: AppSession
    /// Told when the entry changes here (marked, edited, answered), so the timeline shows it too.
    var onChange: ((TimelineEntry) -> Void)?
    /// Told of a reply posted here to the entry, so a thread shows it in its place.
    var onReplied: ((TimelineEntry) -> Void)?
    /// Who wrote it and when.
    private let header = Label()
    /// The text.
    private let body = Label(wraps: true)
    /// The photos.
    private let photos = Label(wraps: true)
    /// The dream's card, for a dream.
    private let cardView: DreamCardView?
    /// What happened last (marked, an error).
    private let message = Label()

    /// A controller of one entry.
    init(entry: TimelineEntry, session: AppSession) {
        self.entry = entry
        self.session = session
        cardView = DreamCard(entry: entry.entry).map(DreamCardView.init(card:))
        super.init()
        title = "Entry #\(entry.id)"
    }

    /// Header, text, photos, card and message, top to bottom.
    override func loadView() -> View {
        let content: (View, Int?) = cardView.map { ($0, $0.height(forWidth: 72)) } ?? (body, 6)
        let photoRows = entry.entry.photos.isEmpty ? 0 : entry.entry.photos.count + 1
        return StackView(rows: [(header, 2), content, (photos, photoRows), (message, 1), (View(), nil)])
    }

    /// Fills the labels.
    override func viewDidLoad() {
        show()
    }

    /// Whether the signed-in person wrote it.
    private var isOwn: Bool { entry.author.username == session.username }

    /// Mark, and Edit for one's own.
    override var keyCommands: [KeyCommand] {
        var commands = [KeyCommand(.character("m"), entry.marked ? "Unmark" : "Mark", action: .mark, isMain: true)]
        if entry.shared || entry.entry.visibility == .public {
            commands.append(KeyCommand(.character("b"), entry.shared ? "Unshare" : "Share", action: .shareEntry, isMain: true))
        }
        commands.append(KeyCommand(.character("k"), entry.bookmarked ? "Unbookmark" : "Bookmark", action: .bookmarkEntry))
        commands.append(KeyCommand(.character("R"), "Reply", action: .reply, isMain: true))
        commands.append(KeyCommand(.character("t"), "Thread", action: .thread, isMain: true))
        if isOwn {
            commands.append(KeyCommand(.character("e"), "Edit", action: .edit, isMain: true))
            // A profile features only what others may read: not a journal or private entry.
            if entry.pinned || entry.entry.visibility.isShort {
                commands.append(KeyCommand(.character("p"), entry.pinned ? "Unpin" : "Pin", action: .pinEntry))
            }
        } else {
            commands.append(KeyCommand(.character("M"), "Mute @\(entry.author.username)", action: .muteAuthor))
            commands.append(KeyCommand(.character("B"), "Block @\(entry.author.username)", action: .blockAuthor))
        }
        return commands
    }

    /// Marks or edits.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .mark: toggle({ api, entry throws(QwinkleError) in try await api.toggleMark(of: entry) }, done: { $0.marked ? "Marked." : "Unmarked." })
        case .shareEntry:
            toggle({ api, entry throws(QwinkleError) in try await api.toggleShare(of: entry) }, done: { $0.shared ? "Shared with your followers." : "Unshared." })
        case .bookmarkEntry:
            toggle({ api, entry throws(QwinkleError) in try await api.toggleBookmark(of: entry) }, done: { $0.bookmarked ? "Bookmarked." : "Bookmark removed." })
        case .pinEntry where isOwn:
            toggle({ api, entry throws(QwinkleError) in try await api.togglePin(of: entry) }, done: { $0.pinned ? "Pinned to your profile." : "Unpinned." })
        case .edit where isOwn:
            let editor = EditController(entry: entry, session: session)
            editor.onApplied = { [weak self] changed in self?.changed(changed) }
            navigationController?.push(editor)
        case .reply:
            let composer = ComposeController(session: session, replyingTo: entry)
            composer.onPosted = { [weak self] posted in
                guard let self else { return }
                // First the reply, then the count: whoever shows both ends with this screen's count.
                posted.map { onReplied?($0) }
                var counted = entry
                counted.replyCount += 1
                changed(counted)
                message.text = StyledText("Reply posted.", style: .faint)
            }
            navigationController?.push(composer)
        case .blockAuthor where !isOwn:
            keepAway(block: true)
        case .muteAuthor where !isOwn:
            keepAway(block: false)
        case .thread:
            let thread = ThreadController(entry: entry, session: session)
            thread.onChange = { [weak self] changed in
                guard let self, changed.id == entry.id else { return }
                self.changed(changed)
            }
            navigationController?.push(thread)
        default: return false
        }
        return true
    }

    /// Shows the entry's values.
    private func show() {
        let star = (entry.marked ? "  ★ marked" : "") + (entry.shared ? "  ⇄ shared" : "") + (entry.bookmarked ? "  🔖 bookmarked" : "")
            + (entry.pinned ? "  📌 pinned" : "")
        header.text = StyledText(runs: [
            .init("@\(entry.author.username)", style: .strong),
            .init(" · \(entry.entry.visibility.rawValue) · revision \(entry.entry.revision)", style: .faint),
            .init(star, style: TextStyle(foreground: .yellow, bold: true)),
        ] + entry.replyRuns)
        // The content's lines follow its text, each on its own line and fainter: "Location: Harbour café".
        let lines = ContentLine.shown.compactMap { line in entry.entry.content[line: line].map { "\n\(line.label): \($0)" } }
        // Opened, an entry shows what its content warning hides, under the warning.
        let warning: [StyledText.Run] = entry.entry.content.warning.map { [.init("⚠ \($0)\n\n", style: TextStyle(foreground: .yellow, bold: true))] } ?? []
        body.text = StyledText(runs: warning + [.init(entry.entry.body)] + (lines.isEmpty ? [] : [.init("\n" + lines.joined(), style: .faint)]))
        photos.text = StyledText(
            "Photos:\n" + entry.entry.photos.enumerated().map { "  \($0.offset + 1). \($0.element.id) — \($0.element.alt.isEmpty ? "(no alt text)" : $0.element.alt)" }
                .joined(separator: "\n")
        )
        photos.wraps = true
        view.setNeedsDisplay()
    }

    /// A new value of the entry, from here or an edit.
    private func changed(_ entry: TimelineEntry) {
        self.entry = entry
        show()
        onChange?(entry)
    }

    /// Blocks or mutes the author, after asking; the timelines drop their entries as the server says so.
    private func keepAway(block: Bool) {
        let name = entry.author.username
        let question = block
            ? "Block @\(name)? Follows between you end, and neither of you sees the other."
            : "Mute @\(name)? Their entries and notifications leave what you read; nobody is told."
        window?.present(ConfirmController(question: question) { [weak self] in
            guard let self else { return }
            let api = session.api
            Task {
                do {
                    _ = block ? try await api.block(name) : try await api.mute(name, notifications: true, duration: nil)
                    self.message.text = StyledText(
                        block ? "You block @\(name): qwinkle unblock @\(name) undoes it." : "You mute @\(name): qwinkle unmute @\(name) undoes it.",
                        style: .faint
                    )
                } catch {
                    self.message.text = StyledText(String(describing: error), style: TextStyle(foreground: .red, bold: true))
                }
                self.view.setNeedsDisplay()
            }
        })
    }

    /// Changes the entry on the server with `change`, shows it as it comes back, and says what `done` says of it.
    private func toggle(
        _ change: @escaping @Sendable (APIClient, TimelineEntry) async throws(QwinkleError) -> TimelineEntry, done: @escaping (TimelineEntry) -> String
    ) {
        let entry = entry
        let api = session.api
        Task {
            do {
                changed(try await change(api, entry))
                message.text = StyledText(done(self.entry), style: .faint)
            } catch {
                message.text = StyledText(String(describing: error), style: TextStyle(foreground: .red, bold: true))
            }
        }
    }
}
