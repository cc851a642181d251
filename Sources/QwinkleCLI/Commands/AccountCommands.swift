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
            // A taken username is said as it is entered (only the server knows), not after every other question.
            let api = try await client.client(requireSignIn: false)
            let taken: (String) async throws -> [String] = { name in
                try await attempt { () async throws(QwinkleError) in try await api.judgeSignUp(SignUpForm(username: name)) }[.username] ?? []
            }
            let username: String
            if let given = self.username {
                if case .invalid(let reasons) = validator.username.validate(given) {
                    throw CommandFailure.refused("Username: " + reasons.map(\.message).joined(separator: " "))
                }
                let problems = try await taken(given)
                guard problems.isEmpty else { throw CommandFailure.refused("Username: " + problems.joined(separator: " ")) }
                username = given
            } else {
                username = try await Prompt.field("Username: ", validate: { validator.username.validate($0) }, ask: taken)
            }
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
                errors[field].map { "\(Self.label(field)): \($0.map(\.message).joined(separator: " "))" }
            }
            throw CommandFailure.refused(lines.joined(separator: "\n"))
        }
        let api = try await client.client(requireSignIn: false)
        let session = try await attempt { () async throws(QwinkleError) in try await api.signUp(form) }
        try client.credentials().setCredential(.init(username: session.account.username, token: session.token), for: api.server)
        context.print("Welcome, @\(session.account.username)! You are logged in to \(api.server).")
    }
    /// A field as its prompt names it, not as the API spells it (`password_confirmation`).
    static func label(_ field: SignUpValidator.Field) -> String {
        switch field {
        case .username: "Username"
        case .email: "Email address"
        case .password: "Password"
        case .passwordConfirmation: "Password again"
        }
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
        abstract: "Show who you are logged in as (and whether the server runs another release of Qwinkle).",
        discussion: "Example:\n  qwinkle whoami --json"
    )

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try await client.client()
        let me = try await attempt { () async throws(QwinkleError) in try await api.me() }
        let context = CommandContext.current
        context.print(output.json ? try Printing.json(me) : "\(Printing.account(me)) on \(api.server)")
        // Told aside, on standard error: a client and a server of different releases may not agree on everything.
        if let version = try? await api.instance().version, version != QwinkleVersion.current {
            context.errors.write("The server runs Qwinkle \(version); this qwinkle is \(QwinkleVersion.current).\n")
        }
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
        for _ in 0..<5 {
            let answer = try read(prompt, secret: secret)
            if problems(of: validate(answer)).isEmpty { return answer }
        }
        throw tooManyTries(prompt)
    }

    /// Asks until the answer is valid and then the server, asked by `ask`, finds no problem with it either (a
    /// username someone already has), showing the reasons of each.
    static func field(
        _ prompt: String, secret: Bool = false, validate: (String) -> ValidationResult, ask: (String) async throws -> [String]
    ) async throws -> String {
        let context = CommandContext.current
        for _ in 0..<5 {
            let answer = try read(prompt, secret: secret)
            guard problems(of: validate(answer)).isEmpty else { continue }
            let refused = try await ask(answer)
            if refused.isEmpty { return answer }
            context.errors.write(refused.joined(separator: "\n") + "\n")
        }
        throw tooManyTries(prompt)
    }

    /// One answer; the end of input is refused.
    private static func read(_ prompt: String, secret: Bool) throws -> String {
        guard let answer = CommandContext.current.input.readLine(prompt: prompt, secret: secret) else {
            throw CommandFailure.refused("No answer to \"\(prompt.trimmingCharacters(in: .whitespaces))\": nothing was sent.")
        }
        return answer
    }

    /// Writes what is wrong with an answer, and returns it; empty when the answer is valid.
    private static func problems(of result: ValidationResult) -> [String] {
        let problems: [String] = switch result {
        case .valid: []
        case .incomplete: ["This field is required."]
        case .invalid(let reasons): reasons.map(\.message)
        }
        if !problems.isEmpty { CommandContext.current.errors.write(problems.joined(separator: "\n") + "\n") }
        return problems
    }

    private static func tooManyTries(_ prompt: String) -> CommandFailure {
        CommandFailure.refused("Too many tries for \"\(prompt.trimmingCharacters(in: .whitespaces))\"; nothing was sent.")
    }
}
