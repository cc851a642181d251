import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Log in or sign up. Sign-up fields are judged by the composed `SignUpValidator` as each is left (an empty one
/// shows no error), and the button stays disabled until the whole form is valid.
final class LoginController: ViewController {
    /// The server.
    private let session: AppSession
    /// Log in or sign up.
    private let modeChoice = SegmentedControl(["Log in", "Sign up"])
    /// The fields, by the form's field names.
    private let fields: [SignUpValidator.Field: TextField] = [
        .username: TextField(placeholder: "Username"), .email: TextField(placeholder: "Email address"),
        .password: TextField(placeholder: "Password"), .passwordConfirmation: TextField(placeholder: "Password again"),
    ]
    /// Each field's error, shown once the field has been left.
    private let errors: [SignUpValidator.Field: Label] = Dictionary(uniqueKeysWithValues: SignUpValidator.Field.allCases.map { ($0, Label()) })
    /// What the server said of fields the validators found valid (a username already taken), until they change.
    private var serverErrors: [SignUpValidator.Field: [String]] = [:]
    /// What each field was judged when last left: a field shows an error only if it had one when left and still
    /// has one, so errors appear as a field is left and go as soon as it is fixed.
    private var judgedWhenLeft: [SignUpValidator.Field: ValidationResult] = [:]
    /// Logs in or signs up.
    private let submitButton = Button("Log in")
    /// The server's answer, when it refused.
    private let message = Label(wraps: true)
    /// The form's validator, composed of the field validators.
    private let validator = SignUpValidator()

    /// A log-in screen.
    init(session: AppSession) {
        self.session = session
        super.init()
        title = "Qwinkle: log in or sign up at \(session.address)"
    }

    /// Whether the form is the sign-up one.
    private var isSigningUp: Bool { modeChoice.selectedIndex == 1 }

    /// The mode, each field over its error, the button and the message.
    override func loadView() -> View {
        let fieldRows: [(View, Int?)] = SignUpValidator.Field.allCases.flatMap { field -> [(View, Int?)] in
            guard let input = fields[field], let error = errors[field] else { return [] }
            return [(input, 1), (error, 1)]
        }
        return StackView(margin: 2, rows: [(View(), 1), (modeChoice, 2)] + fieldRows + [(submitButton, 2), (message, 3), (View(), nil)])
    }

    /// Connects the fields: every change re-judges the form (for the button), leaving a field shows its errors.
    override func viewDidLoad() {
        fields[.password]?.isSecure = true
        fields[.passwordConfirmation]?.isSecure = true
        for field in fields.values {
            field.addTarget(self, action: .formChanged, for: .editingChanged)
            field.addTarget(self, action: .fieldLeft, for: .editingDidEnd)
            field.addTarget(self, action: .submit, for: .primaryActionTriggered)
        }
        modeChoice.addTarget(self, action: .formModeChanged, for: .valueChanged)
        submitButton.addTarget(self, action: .submit, for: .primaryActionTriggered)
        show()
    }

    /// The username field has the focus.
    override var preferredFirstResponder: View? { fields[.username] }

    /// Quitting, before anyone is signed in.
    override var keyCommands: [KeyCommand] {
        [KeyCommand(.control("c"), "Quit", action: .quit, isMain: true)]
    }

    /// The form's actions.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .quit: window?.application?.quit()
        case .formChanged, .formModeChanged:
            if let field = fields.first(where: { $0.value === sender })?.key { serverErrors[field] = nil }
            show()
        case .fieldLeft:
            if let field = fields.first(where: { $0.value === sender })?.key {
                judgedWhenLeft[field] = validator.validateFields(form)[field]
                if field == .username, isSigningUp, judgedWhenLeft[field] == .valid { askServer(about: field) }
            }
            show()
        case .submit: submit()
        default: return false
        }
        return true
    }

    /// The form as the validator takes it: an empty field is absent.
    private var form: SignUpForm {
        func value(_ field: SignUpValidator.Field) -> String? { fields[field].flatMap { $0.text.isEmpty ? nil : $0.text } }
        return SignUpForm(username: value(.username), email: value(.email), password: value(.password), passwordConfirmation: value(.passwordConfirmation))
    }

    /// Shows the mode's fields, the errors of fields already left, and whether the button is enabled.
    private func show() {
        fields[.email]?.isHidden = !isSigningUp
        fields[.passwordConfirmation]?.isHidden = !isSigningUp
        errors[.email]?.isHidden = !isSigningUp
        errors[.passwordConfirmation]?.isHidden = !isSigningUp
        submitButton.title = isSigningUp ? "Sign up" : "Log in"
        guard isSigningUp else {
            for label in errors.values { label.text = "" }
            submitButton.isEnabled = form.username != nil && form.password != nil
            return
        }
        let validation = validator.validateFields(form)
        for (field, label) in errors {
            let result = validation[field]
            let messages = judgedWhenLeft[field]?.showsError == true && result.showsError
                ? result.reasons.map(\.message) : serverErrors[field] ?? []
            label.text = messages.isEmpty ? "" : StyledText("✗ " + messages.joined(separator: " "), style: TextStyle(foreground: .red, bold: true))
        }
        submitButton.isEnabled = validation.isSubmittable && serverErrors.isEmpty
    }

    /// Asks the server about a field the validators passed (whether a username is taken); the answer counts only
    /// if the field has not changed since.
    private func askServer(about field: SignUpValidator.Field) {
        let asked = form
        let api = session.api
        Task {
            guard let judged = try? await api.judgeSignUp(asked), form == asked else { return }
            serverErrors[field] = judged[field]
            show()
        }
    }

    /// Logs in or signs up; the session replaces this screen with the timelines.
    private func submit() {
        let form = form
        guard submitButton.isEnabled, let username = form.username, let password = form.password else { return }
        let api = session.api
        let signingUp = isSigningUp
        message.text = StyledText("Asking the server…", style: .faint)
        Task {
            do {
                let result = signingUp ? try await api.signUp(form) : try await api.logIn(username: username, password: password)
                session.signIn(result)
            } catch {
                message.text = StyledText(String(describing: error), style: TextStyle(foreground: .red, bold: true))
            }
        }
    }
}
