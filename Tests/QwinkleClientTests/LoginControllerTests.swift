import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI
import Testing

@testable import QwinkleCLI

/// `qwinkle app`'s sign-up form, drawn into an in-memory screen: fields judged as they are left, and the button
/// disabled until all are valid.
@MainActor
@Suite struct LoginControllerTests {
    /// The log-in screen in an application of its own, against a server that is never asked.
    private func application() throws -> Application {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("login-\(UUID().uuidString)")
        let address = try #require(ServerAddress("http://127.0.0.1:9"))
        let session = AppSession(
            address: address, credentials: CredentialStore(directory: folder), offline: nil,
            stateURL: folder.appendingPathComponent("app-state.json")
        )
        let application = Application()
        application.window.rootViewController = NavigationController(root: LoginController(session: session))
        return application
    }

    /// Types text, key by key.
    private func type(_ text: String, into application: Application) {
        for character in text { application.handle(.key(.character(character))) }
    }

    /// Whether the button with this title is drawn enabled (not dim).
    private func isEnabled(_ title: String, on screen: Screen) throws -> Bool {
        let position = try #require(screen.position(of: "[ \(title) ]"))
        return !screen[position.column + 2, position.row].style.dim
    }

    /// A field shows its error only once it is left, an empty field never does, and Sign up is enabled only when
    /// every field is valid.
    @Test func signUpJudgesEachFieldAsItIsLeft() throws {
        let application = try application()
        application.handle(.key(.backTab))
        application.handle(.key(.right))
        var screen = application.render(width: 80, height: 24)
        #expect(try !isEnabled("Sign up", on: screen))

        application.handle(.key(.tab))
        type("a!", into: application)
        screen = application.render(width: 80, height: 24)
        #expect(!screen.text.contains("✗"))

        application.handle(.key(.tab))
        application.handle(.key(.tab))
        screen = application.render(width: 80, height: 24)
        #expect(screen.text.components(separatedBy: "✗").count == 2)

        application.handle(.key(.backTab))
        application.handle(.key(.backTab))
        application.handle(.key(.control("u")))
        type("abe", into: application)
        application.handle(.key(.tab))
        type("abe@example.com", into: application)
        application.handle(.key(.tab))
        type("four score", into: application)
        application.handle(.key(.tab))
        screen = application.render(width: 80, height: 24)
        #expect(!screen.text.contains("✗"))
        #expect(try !isEnabled("Sign up", on: screen))
        type("four score", into: application)
        screen = application.render(width: 80, height: 24)
        #expect(try isEnabled("Sign up", on: screen))
    }

    /// Logging in needs a username and a password, and judges neither.
    @Test func logInNeedsBothFields() throws {
        let application = try application()
        type("abe", into: application)
        #expect(try !isEnabled("Log in", on: application.render(width: 80, height: 24)))
        application.handle(.key(.tab))
        type("x", into: application)
        #expect(try isEnabled("Log in", on: application.render(width: 80, height: 24)))
    }
}
