import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Editing an entry on a copy (talk 004): Cancel throws the copy away; Done suggests it to the server, which
/// applies it or, if the entry changed meanwhile, answers with the three-way merge to accept or fix.
final class EditController: ViewController {
    /// The edit: the original and the copy being changed.
    private var edit: EditSession
    /// The server.
    private let session: AppSession
    /// Told when the server applied the edit.
    var onApplied: ((TimelineEntry) -> Void)?
    /// What the edit is of, or what the conflict was.
    private let explanation = Label(wraps: true)
    /// The copy's text.
    private let field = TextField()
    /// The counter, for the copy.
    private let counter = Label()
    /// Throws the copy away.
    private let cancelButton = Button("Cancel")
    /// Suggests the copy.
    private let doneButton = Button("Done")
    /// After a conflict: suggests the merge as it stands.
    private let acceptButton = Button("Accept merge")

    /// An edit of an entry.
    init(entry: TimelineEntry, session: AppSession) {
        edit = EditSession(editing: entry.entry)
        self.session = session
        super.init()
        title = "Edit #\(entry.id)"
    }

    /// The explanation, the field, the counter and the buttons.
    override func loadView() -> View {
        let row: [Button] = [cancelButton, doneButton, acceptButton]
        let buttons = RowView(items: row.map { ($0, $0.intrinsicWidth) })
        return StackView(rows: [(explanation, 3), (field, 6), (counter, 1), (buttons, 1), (View(), nil)])
    }

    /// Connects the controls; the field starts as a copy of the entry.
    override func viewDidLoad() {
        field.isMultiline = true
        field.text = edit.draft.body
        field.addTarget(self, action: .draftChanged, for: .editingChanged)
        cancelButton.addTarget(self, action: .cancel, for: .primaryActionTriggered)
        doneButton.addTarget(self, action: .done, for: .primaryActionTriggered)
        acceptButton.addTarget(self, action: .acceptMerge, for: .primaryActionTriggered)
        acceptButton.isHidden = true
        explanation.text = StyledText("Editing a copy: Done suggests it, Cancel throws it away.", style: .faint)
        showCounter()
    }

    /// The field has the focus.
    override var preferredFirstResponder: View? { field }

    /// Cancel is also Esc.
    override var keyCommands: [KeyCommand] {
        [KeyCommand(.escape, "Cancel", action: .cancel, isMain: true), KeyCommand(.control("s"), "Done", action: .done, isMain: true)]
    }

    /// The copy's changes, Cancel, Done and Accept.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .draftChanged:
            edit.draft.body = field.text
            showCounter()
        case .cancel:
            _ = edit.cancel()
            navigationController?.pop()
        case .done, .acceptMerge:
            edit.draft.body = field.text
            suggest()
        default: return false
        }
        return true
    }

    /// The counter of the copy, by the length rule.
    private func showCounter() {
        let assessment = edit.assessed()
        counter.text = StyledText("\(assessment.remaining) left", style: assessment.remaining < 0 ? TextStyle(foreground: .red, bold: true) : .faint)
        doneButton.isEnabled = assessment.canPost
    }

    /// Suggests the copy; applied, goes back; in conflict, shows theirs and puts the merge in the field.
    private func suggest() {
        let suggestion = edit.done()
        let id = edit.original.id
        let api = session.api
        Task {
            do {
                switch try await api.suggestEdit(of: id, suggestion) {
                case .applied(let entry):
                    onApplied?(entry)
                    navigationController?.pop()
                case .conflict(let report):
                    edit = EditSession(editing: report.theirs, draft: report.merged)
                    field.text = report.merged.body
                    acceptButton.isHidden = false
                    let conflicts = report.conflictingParts.isEmpty ? "The changes merged cleanly." : "Fix the marked conflicts, or accept them as they are."
                    explanation.text = StyledText(
                        "It changed meanwhile (revision \(report.theirs.revision)): \"\(report.theirs.body)\". Below is the merge. \(conflicts)",
                        style: TextStyle(foreground: .yellow, bold: true)
                    )
                    showCounter()
                }
            } catch {
                explanation.text = StyledText(String(describing: error), style: TextStyle(foreground: .red, bold: true))
            }
        }
    }
}
