import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Builds the app's first screen and runs it: the timelines when signed in, else log in; the saved state is
/// restored at the start and saved at the end.
@MainActor
enum AppLauncher {
    /// Runs the app in a terminal until it quits.
    static func run(
        terminal: Terminal, address: ServerAddress, credentials: CredentialStore, offline: OfflineStore?, stateURL: URL, shareFolder: URL
    ) async {
        let application = Application()
        application.window.keyBar.overflowAction = .help
        let session = AppSession(address: address, credentials: credentials, offline: offline, stateURL: stateURL)
        let (state, notice) = AppState.load(from: session.stateURL)
        var main: MainController?
        let showMain = {
            let controller = MainController(session: session, state: state, notice: notice, shareFolder: shareFolder)
            main = controller
            application.window.rootViewController = controller
        }
        let showLogIn = {
            main = nil
            application.window.rootViewController = NavigationController(root: LoginController(session: session))
        }
        session.onSignIn = showMain
        session.onSignOut = showLogIn
        if session.isSignedIn { showMain() } else { showLogIn() }
        Task {
            let sent = await session.flushOutbox()
            if sent > 0 { main?.notify("Sent \(sent) queued entr\(sent == 1 ? "y" : "ies").") }
        }
        await application.run(on: terminal) {
            if let main { try? main.state.write(to: session.stateURL) }
        }
    }
}
