import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle password`: changes the password; every other session ends, this one stays signed in.
struct PasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Change your password; you are signed out everywhere else.",
        discussion: """
            Asks for the current password and the new one (twice, not shown). For scripts, --password-stdin reads \
            two lines: the current password, then the new one.

            Examples:
              qwinkle password
              printf 'old password\\nnew password\\n' | qwinkle password --password-stdin
            """
    )

    @OptionGroup var client: ClientOptions
    @Flag(help: "Read the current and the new password from standard input, one a line, instead of asking.") var passwordStdin = false

    func run() async throws {
        let context = CommandContext.current
        let validator = SetPasswordValidator()
        let current: String
        let new: String
        if passwordStdin {
            let lines = context.input.readAll().split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            }
            guard lines.count >= 2, !lines[0].isEmpty else {
                throw CommandFailure.usage("--password-stdin needs two lines: the current password, then the new one.")
            }
            (current, new) = (lines[0], lines[1])
            if case .invalid(let reasons) = validator.passwordValidator.validate(new) {
                throw CommandFailure.refused("new password: " + reasons.map(\.message).joined(separator: " "))
            }
        } else {
            current = try Prompt.field("Current password: ", secret: true) { $0.isEmpty ? .incomplete : .valid }
            new = try Prompt.field("New password: ", secret: true) { validator.passwordValidator.validate($0) }
            _ = try Prompt.field("New password again: ", secret: true) { text in
                validator.validateFields(.init(password: new, confirmation: text))[.confirmation]
            }
        }
        let api = try await client.client()
        try await attempt { () async throws(QwinkleError) in try await api.changePassword(current: current, new: new) }
        context.print("Your password is changed. Every other session is signed out; this one stays.")
    }
}

/// `qwinkle sessions`: where the account is signed in.
struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "Where you are signed in; end one with `qwinkle end-session ID`.",
        discussion: "Examples:\n  qwinkle sessions\n  qwinkle sessions --json"
    )

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let context = CommandContext.current
        let api = try await client.client()
        let sessions = try await attempt { () async throws(QwinkleError) in try await api.sessions() }
        if output.json { return context.print(try Printing.json(sessions)) }
        for session in sessions {
            let mark = session.isCurrent ? "  (this one)" : ""
            context.print("\(session.id.rawValue)  \(session.clientName)\(mark)")
            context.print("    signed in \(Printing.time(session.createdAt)), last used \(Printing.time(session.lastUsedAt))")
        }
    }
}

/// `qwinkle end-session ID`.
struct EndSessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "end-session",
        abstract: "Sign out one of your sessions elsewhere (its ID from `qwinkle sessions`).",
        discussion: "Example:\n  qwinkle end-session 12"
    )

    @Argument(help: "The session's ID, as `qwinkle sessions` lists it.") var id: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        guard let sessionID = LoginSession.ID(rawValue: id) else { throw CommandFailure.usage("Give a session ID from `qwinkle sessions`.") }
        let api = try await client.client()
        try await attempt { () async throws(QwinkleError) in try await api.endSession(sessionID) }
        CommandContext.current.print("Session \(id) is ended.")
    }
}

/// `qwinkle delete-account`: deletes the account for good, given its password.
struct DeleteAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-account",
        abstract: "Delete your account, with everything you wrote and uploaded, for good.",
        discussion: """
            Your entries, photos, marks, follows and journal readers are deleted and you are signed out everywhere; \
            messages you sent stay with their readers, from a deleted account. Asks for your password; for scripts, \
            --password-stdin reads it.

            Examples:
              qwinkle delete-account
              echo 'correct horse' | qwinkle delete-account --password-stdin
            """
    )

    @OptionGroup var client: ClientOptions
    @Flag(help: "Read the password from standard input instead of asking.") var passwordStdin = false

    func run() async throws {
        let context = CommandContext.current
        let api = try await client.client()
        let password: String
        if passwordStdin {
            password = PasswordInput.firstLine(of: context.input.readAll())
        } else {
            context.print("This deletes your account and everything in it for good. It cannot be undone.")
            password = try Prompt.field("Your password, to delete the account: ", secret: true) { $0.isEmpty ? .incomplete : .valid }
        }
        let username = try client.username()
        try await attempt { () async throws(QwinkleError) in try await api.deleteAccount(password: password) }
        try await client.forgetSignIn(at: api.server)
        context.print("Your account\(username.map { " @" + $0 } ?? "") is deleted, and you are logged out of \(api.server).")
    }
}
