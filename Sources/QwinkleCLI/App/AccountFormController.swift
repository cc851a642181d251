import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// A form of the account tab that needs the password: changing it (the current one, the new one twice, checked
/// by the same `SetPasswordValidator` the server uses) or deleting the account.
final class AccountFormController: ViewController {
    /// Which form this is: one enum, as the two are never shown at once.
    enum Purpose {
        /// Change the password; every other session ends.
        case changePassword
        /// Delete the account for good.
        case deleteAccount
    }

    private let purpose: Purpose
    /// The server.
    private let session: AppSession
    /// The account's password (the current one, when changing it).
    private let password = TextField(placeholder: "Your password")
    /// The new password, typed twice.
    private let newPassword = TextField(placeholder: "New password")
    private let confirmation = TextField(placeholder: "New password again")
    /// Submits.
    private let submitButton: Button
    /// What the form says: the rules broken, or the server's answer.
    private let message = Label(wraps: true)
    private let validator = SetPasswordValidator()

    /// A form for `purpose`.
    init(_ purpose: Purpose, session: AppSession) {
        self.purpose = purpose
        self.session = session
        submitButton = Button(purpose == .changePassword ? "Change password" : "Delete my account")
        super.init()
        title = purpose == .changePassword ? "Change your password" : "Delete your account"
    }

    /// The fields, the button and the message.
    override func loadView() -> View {
        let warning = switch purpose {
        case .changePassword: "Every other session ends, so anyone who knew the old password is signed out."
        case .deleteAccount:
            "Your entries, photos, marks, follows and journal readers are deleted for good and you are signed out everywhere. Messages you sent stay with their readers."
        }
        var rows: [(View, Int?)] = [(View(), 1), (Label(StyledText(warning, style: .faint), wraps: true), 3), (password, 2)]
        if purpose == .changePassword { rows += [(newPassword, 2), (confirmation, 2)] }
        return StackView(margin: 2, rows: rows + [(submitButton, 2), (message, 3), (View(), nil)])
    }

    /// Connects the fields: every change re-judges the form, Enter submits.
    override func viewDidLoad() {
        for field in [password, newPassword, confirmation] {
            field.isSecure = true
            field.addTarget(self, action: .formChanged, for: .editingChanged)
            field.addTarget(self, action: .submit, for: .primaryActionTriggered)
        }
        submitButton.addTarget(self, action: .submit, for: .primaryActionTriggered)
        judge()
    }

    /// The password field has the focus.
    override var preferredFirstResponder: View? { password }

    /// Esc goes back.
    override var keyCommands: [KeyCommand] {
        [KeyCommand(.escape, "Back", action: .cancel, isMain: true)]
    }

    /// The form's actions.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .formChanged: judge()
        case .submit: submit()
        case .cancel: navigationController?.pop()
        default: return false
        }
        return true
    }

    /// Enables the button only when the form can be sent; shows what the new password breaks, once typed.
    private func judge() {
        guard purpose == .changePassword else {
            submitButton.isEnabled = !password.text.isEmpty
            return
        }
        let validation = validator.validateFields(.init(password: newPassword.text, confirmation: confirmation.text))
        submitButton.isEnabled = !password.text.isEmpty && validation.isSubmittable
        let shown = [validation[.password], validation[.confirmation]].filter(\.showsError).flatMap(\.reasons).map(\.message)
        message.text = shown.isEmpty ? "" : StyledText("✗ " + shown.joined(separator: " "), style: TextStyle(foreground: .red, bold: true))
    }

    /// Sends the form; the account's deletion signs the app out.
    private func submit() {
        guard submitButton.isEnabled else { return }
        let api = session.api
        let (current, new) = (password.text, newPassword.text)
        let purpose = purpose
        message.text = StyledText("Asking the server…", style: .faint)
        Task {
            do {
                switch purpose {
                case .changePassword:
                    try await api.changePassword(current: current, new: new)
                    message.text = StyledText("Your password is changed. Every other session is signed out.", style: .strong)
                    for field in [password, newPassword, confirmation] { field.text = "" }
                    judge()
                case .deleteAccount:
                    try await api.deleteAccount(password: current)
                    await session.signOut()
                }
            } catch {
                message.text = StyledText(String(describing: error), style: TextStyle(foreground: .red, bold: true))
            }
        }
    }
}
