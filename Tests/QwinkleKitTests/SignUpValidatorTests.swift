import QwinkleKit
import Testing

/// Talk 004's sign-up form: empty fields show no error and keep the button disabled.
@Suite("Sign-up form")
struct SignUpValidatorTests {
    let validator = SignUpValidator()
    let complete = SignUpForm(username: "abe", email: "abe@example.com", password: "gettysburg", passwordConfirmation: "gettysburg")

    @Test("An untouched form shows no error and cannot be submitted")
    func untouched() {
        let fields = validator.validateFields(SignUpForm())
        for field in SignUpValidator.Field.allCases {
            #expect(fields[field] == .incomplete)
            #expect(!fields[field].showsError)
        }
        #expect(!fields.isSubmittable)
        #expect(validator.validate(SignUpForm()) == .incomplete)
    }

    @Test("A complete, valid form can be submitted")
    func completeForm() {
        #expect(validator.validateFields(complete).isSubmittable)
        #expect(validator.validate(complete) == .valid)
        #expect(validator.validateFields(complete).submissionErrors.isEmpty)
    }

    @Test("One empty field keeps the button disabled, shows no error there, and is required on submit",
          arguments: SignUpValidator.Field.allCases)
    func oneEmptyField(field: SignUpValidator.Field) {
        var form = complete
        switch field {
        case .username: form.username = ""
        case .email: form.email = nil
        case .password: form.password = ""
        case .passwordConfirmation: form.passwordConfirmation = nil
        }
        let fields = validator.validateFields(form)
        #expect(!fields.isSubmittable)
        #expect(fields[field] == .incomplete)
        #expect(!SignUpValidator.Field.allCases.contains { fields[$0].showsError })
        #expect(fields.submissionErrors == [field: [.required]])
    }

    @Test("A bad username shows an error on that field alone")
    func badUsername() {
        var form = complete
        form.username = "Abe Lincoln"
        let fields = validator.validateFields(form)
        #expect(fields[.username] == .invalid([.usernameCharacters]))
        #expect(fields[.email] == .valid && fields[.password] == .valid && fields[.passwordConfirmation] == .valid)
        #expect(!fields.isSubmittable)
        #expect(validator.validate(form) == .invalid([.usernameCharacters]))
    }

    @Test("Mismatched passwords are shown on the confirmation")
    func mismatch() {
        var form = complete
        form.passwordConfirmation = "gettysburk"
        let fields = validator.validateFields(form)
        #expect(fields[.password] == .valid)
        #expect(fields[.passwordConfirmation] == .invalid([.passwordsDoNotMatch]))
        #expect(fields.submissionErrors == [.passwordConfirmation: [.passwordsDoNotMatch]])
    }

    @Test("An invalid field wins over an empty one: the error shows while the form stays unsubmittable")
    func invalidAndIncomplete() {
        let form = SignUpForm(username: "a!", email: nil, password: "short", passwordConfirmation: nil)
        let fields = validator.validateFields(form)
        #expect(fields.overall == .invalid([.usernameTooShort(minimum: 3), .usernameCharacters, .passwordTooShort(minimumBytes: 8)]))
        #expect(fields[.email] == .incomplete && fields[.passwordConfirmation] == .incomplete)
        #expect(fields.submissionErrors[.email] == [.required])
        #expect(fields.submissionErrors[.password] == [.passwordTooShort(minimumBytes: 8)])
    }

    @Test("The set-password validator is two password validators plus the match")
    func setPassword() {
        let validator = SetPasswordValidator()
        #expect(validator.validate(.init(password: "gettysburg", confirmation: "gettysburg")) == .valid)
        #expect(validator.validate(.init(password: "gettysburg", confirmation: nil)) == .incomplete)
        #expect(validator.validate(.init(password: "short", confirmation: "short")) == .invalid([.passwordTooShort(minimumBytes: 8)]))
        #expect(validator.validateFields(.init(password: "short", confirmation: "short"))[.confirmation].showsError)
        #expect(validator.validate(.init(password: "gettysburg", confirmation: "short")) == .invalid([.passwordTooShort(minimumBytes: 8), .passwordsDoNotMatch]))
    }

    @Test("Field names are the API's")
    func fieldNames() {
        #expect(SignUpValidator.Field.allCases.map(\.rawValue) == ["username", "email", "password", "password_confirmation"])
    }

    @Test("Combining results: invalid beats incomplete beats valid, reasons kept once each")
    func combining() {
        #expect(ValidationResult.combining([]) == .valid)
        #expect(ValidationResult.combining([.valid, .incomplete]) == .incomplete)
        #expect(ValidationResult.combining([.incomplete, .invalid([.emailDomain]), .invalid([.emailDomain, .emailAtSign])]) == .invalid([.emailDomain, .emailAtSign]))
    }
}
