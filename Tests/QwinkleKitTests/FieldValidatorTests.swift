import QwinkleKit
import Testing

@Suite("Field validators")
struct FieldValidatorTests {
    @Test("An empty or absent field is not yet valid, and shows no error", arguments: [nil, ""] as [String?])
    func emptyFields(text: String?) {
        let results = [
            UsernameValidator().validate(text), PasswordValidator().validate(text), EmailAddressValidator().validate(text),
        ]
        for result in results {
            #expect(result == .incomplete)
            #expect(!result.showsError)
            #expect(!result.isValid)
        }
    }

    @Test("Usernames that match ^[a-z0-9_]{3,30}$", arguments: ["abe", "abraham_lincoln_1809", "___", "123", String(repeating: "a", count: 30)])
    func goodUsernames(name: String) {
        #expect(UsernameValidator().validate(name) == .valid)
    }

    @Test("Usernames that do not, with every reason", arguments: [
        ("ab", [ValidationReason.usernameTooShort(minimum: 3)]),
        (String(repeating: "a", count: 31), [.usernameTooLong(maximum: 30)]),
        ("Abe", [.usernameCharacters]),
        ("abe lincoln", [.usernameCharacters]),
        ("   ", [.usernameCharacters]),
        ("a-", [.usernameTooShort(minimum: 3), .usernameCharacters]),
        ("abé", [.usernameCharacters]),
        ("ab🦄", [.usernameCharacters]),
        ("abe\n", [.usernameCharacters]),
    ])
    func badUsernames(name: String, reasons: [ValidationReason]) {
        let result = UsernameValidator().validate(name)
        #expect(result == .invalid(reasons))
        #expect(result.showsError)
    }

    @Test("Passwords are 8 to 72 UTF-8 bytes")
    func passwordLengths() {
        let validator = PasswordValidator()
        #expect(validator.validate("1234567") == .invalid([.passwordTooShort(minimumBytes: 8)]))
        #expect(validator.validate("12345678") == .valid)
        #expect(validator.validate("        ") == .valid, "spaces are allowed in a password")
        #expect(validator.validate(String(repeating: "x", count: 72)) == .valid)
        #expect(validator.validate(String(repeating: "x", count: 73)) == .invalid([.passwordTooLong(maximumBytes: 72)]))
        // Bytes, not characters: bcrypt reads bytes. Two 4-byte emoji make 8 bytes; 24 three-byte letters make 72.
        #expect(validator.validate("🦄🦄") == .valid)
        #expect(validator.validate("🦄") == .invalid([.passwordTooShort(minimumBytes: 8)]))
        #expect(validator.validate(String(repeating: "€", count: 24)) == .valid)
        #expect(validator.validate(String(repeating: "€", count: 25)) == .invalid([.passwordTooLong(maximumBytes: 72)]))
    }

    @Test("Email addresses that pass", arguments: ["abe@example.com", "a.b+c@mail.example.co.uk", "x@y.z", "名前@例え.jp"])
    func goodEmails(address: String) {
        #expect(EmailAddressValidator().validate(address) == .valid)
    }

    @Test("Email addresses that do not, with their reasons", arguments: [
        ("abe", [ValidationReason.emailAtSign]),
        ("abe@@example.com", [.emailAtSign]),
        ("a@b@example.com", [.emailAtSign]),
        ("@example.com", [.emailLocalPart]),
        ("abe@", [.emailDomain]),
        ("abe@localhost", [.emailDomain]),
        ("abe@example.", [.emailDomain]),
        ("abe@.com", [.emailDomain]),
        ("abe@example..com", [.emailDomain]),
        ("abe lincoln@example.com", [.emailWhitespace]),
        (" abe@example.com", [.emailWhitespace]),
        ("abe@example.com\t", [.emailWhitespace]),
    ])
    func badEmails(address: String, reasons: [ValidationReason]) {
        #expect(EmailAddressValidator().validate(address) == .invalid(reasons))
    }

    @Test("An email address may be 254 characters, not 255")
    func emailLength() {
        let domain = "@example.com"
        let fits = String(repeating: "a", count: 254 - domain.count) + domain
        #expect(EmailAddressValidator().validate(fits) == .valid)
        #expect(EmailAddressValidator().validate("a" + fits) == .invalid([.emailTooLong(maximum: 254)]))
    }

    @Test("Every reason has a distinct code and a message")
    func reasonsReadWell() {
        let reasons: [ValidationReason] = [
            .required, .usernameTooShort(minimum: 3), .usernameTooLong(maximum: 30), .usernameCharacters,
            .passwordTooShort(minimumBytes: 8), .passwordTooLong(maximumBytes: 72), .passwordsDoNotMatch,
            .emailTooLong(maximum: 254), .emailWhitespace, .emailAtSign, .emailLocalPart, .emailDomain,
        ]
        #expect(Set(reasons.map(\.code)).count == reasons.count)
        #expect(reasons.allSatisfy { $0.message.hasSuffix(".") && !$0.message.isEmpty })
        #expect(ValidationReason.usernameTooShort(minimum: 3).message == "Username must be at least 3 characters.")
    }
}
