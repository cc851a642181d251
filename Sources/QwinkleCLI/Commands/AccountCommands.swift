import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle signup`: creates an account, checking each field as the server will before sending anything.
struct SignUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signup",
        abstract: "Create an account and log in.",
        discussion: """
            Asks for a username, email address and password (typed twice, not shown), checking each as you go. \
            For scripts, give --username and --email with --password-stdin, and nothing is asked.

            Examples:
              qwinkle signup
              echo 'correct horse' | qwinkle signup --username abe --email abe@example.com --password-stdin
            """
    )

    @OptionGroup var client: ClientOptions
    @Option(help: "The username: lowercase letters, digits and underscores, 3 to 30.") var username: String?
    @Option(help: "The email address.") var email: String?
    @Flag(help: "Read the password from standard input instead of asking.") var passwordStdin = false

    func run() async throws {
        let context = CommandContext.current
        let validator = SignUpValidator()
        let form: SignUpForm
        if passwordStdin {
            guard let username, let email else { throw CommandFailure.usage("--password-stdin needs --username and --email.") }
            let password = PasswordInput.firstLine(of: context.input.readAll())
            form = SignUpForm(username: username, email: email, password: password, passwordConfirmation: password)
        } else {
            let username = try username ?? Prompt.field("Username: ") { validator.username.validate($0) }
            let email = try email ?? Prompt.field("Email address: ") { validator.email.validate($0) }
            let password = try Prompt.field("Password: ", secret: true) { validator.setPassword.passwordValidator.validate($0) }
            let confirmation = try Prompt.field("Password again: ", secret: true) { text in
                validator.setPassword.validateFields(.init(password: password, confirmation: text))[.confirmation]
            }
            form = SignUpForm(username: username, email: email, password: password, passwordConfirmation: confirmation)
        }
        // The same validator the server uses: nothing is sent that it would refuse.
        let errors = validator.validateFields(form).submissionErrors
        guard errors.isEmpty else {
            let lines = SignUpValidator.Field.allCases.compactMap { field in
                errors[field].map { "\(field.rawValue): \($0.map(\.message).joined(separator: " "))" }
            }
            throw CommandFailure.refused(lines.joined(separator: "\n"))
        }
        let api = try await client.client(requireSignIn: false)
        let session = try await attempt { () async throws(QwinkleError) in try await api.signUp(form) }
        try client.credentials().setCredential(.init(username: session.account.username, token: session.token), for: api.server)
        context.print("Welcome, @\(session.account.username)! You are logged in to \(api.server).")
    }
}

/// `qwinkle login`.
struct LogInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a Qwinkle server.",
        discussion: """
            Examples:
              qwinkle login
              echo 'correct horse' | qwinkle login --username abe --password-stdin
            """
    )

    @OptionGroup var client: ClientOptions
    @Option(help: "The username.") var username: String?
    @Flag(help: "Read the password from standard input instead of asking.") var passwordStdin = false

    func run() async throws {
        let context = CommandContext.current
        let password: String
        let name: String
        if passwordStdin {
            guard let username else { throw CommandFailure.usage("--password-stdin needs --username.") }
            name = username
            password = PasswordInput.firstLine(of: context.input.readAll())
        } else {
            name = try username ?? Prompt.field("Username: ") { $0.isEmpty ? .incomplete : .valid }
            password = try Prompt.field("Password: ", secret: true) { $0.isEmpty ? .incomplete : .valid }
        }
        let api = try await client.client(requireSignIn: false)
        let session = try await attempt { () async throws(QwinkleError) in try await api.logIn(username: name, password: password) }
        try client.credentials().setCredential(.init(username: session.account.username, token: session.token), for: api.server)
        context.print("Logged in to \(api.server) as @\(session.account.username).")
    }
}

/// `qwinkle logout`.
struct LogOutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out: the token stops working and is forgotten.",
        discussion: "Example:\n  qwinkle logout"
    )

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let api = try await client.client()
        // Forget the token even when the server cannot be told: logging out must never fail locally.
        let revoked = await (try? attempt { () async throws(QwinkleError) in try await api.logOut() }) != nil
        try await client.forgetSignIn(at: api.server)
        CommandContext.current.print(revoked ? "Logged out of \(api.server)." : "Logged out here; \(api.server) could not be told, so the token stays valid there until it is revoked.")
    }
}

/// `qwinkle whoami`.
struct WhoAmICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show who you are logged in as.",
        discussion: "Example:\n  qwinkle whoami --json"
    )

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let me = try await attempt { () async throws(QwinkleError) in try await api.me() }
        CommandContext.current.print(output.json ? try Printing.json(me) : "\(Printing.account(me)) on \(api.server)")
    }
}

/// Reading a password given on standard input.
enum PasswordInput {
    /// The first line, without its line ending: `echo pw |` adds one that is not part of the password.
    static func firstLine(of text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    }
}

/// Asking a person for a field, checking it as they leave it, as talk 004's sign-up form does.
enum Prompt {
    /// Asks until the answer is valid, showing the validator's reasons; the end of input is refused.
    static func field(_ prompt: String, secret: Bool = false, validate: (String) -> ValidationResult) throws -> String {
        let context = CommandContext.current
        for _ in 0..<5 {
            guard let answer = context.input.readLine(prompt: prompt, secret: secret) else {
                throw CommandFailure.refused("No answer to \"\(prompt.trimmingCharacters(in: .whitespaces))\": nothing was sent.")
            }
            switch validate(answer) {
            case .valid: return answer
            case .incomplete: context.errors.write("This field is required.\n")
            case .invalid(let reasons): context.errors.write(reasons.map(\.message).joined(separator: "\n") + "\n")
            }
        }
        throw CommandFailure.refused("Too many tries for \"\(prompt.trimmingCharacters(in: .whitespaces))\"; nothing was sent.")
    }
}
