import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// The options every client command takes: which server, and whether to print JSON.
struct ClientOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The Qwinkle server (QWINKLE_SERVER; default http://127.0.0.1:8080).", valueName: "url"))
    var server: String?

    /// The server to talk to: `--server`, else `QWINKLE_SERVER`, else this machine's.
    func address() throws -> ServerAddress {
        let text = server ?? CommandContext.current.environment["QWINKLE_SERVER"]
        guard let text else { return .local }
        guard let address = ServerAddress(text) else {
            throw CommandFailure.usage("\(text) is not a server address; use one like http://127.0.0.1:8080.")
        }
        return address
    }

    /// This user's folders, by the XDG rules.
    func directories() throws -> XDGDirectories {
        do { return try XDGDirectories(environment: CommandContext.current.environment) } catch {
            throw CommandFailure.usage(error.description)
        }
    }

    /// Where this user's credentials are kept.
    func credentials() throws -> CredentialStore {
        CredentialStore(directory: try directories().config)
    }

    /// The signed-in username on the server, if any.
    func username() throws -> String? {
        try credentials().credential(for: address())?.username
    }

    /// The offline database: the timelines last seen and the outbox.
    func offlineStore() throws -> OfflineStore {
        do { return try OfflineStore(directories: directories()) } catch let error as OfflineError {
            throw CommandFailure.refused(error.description)
        }
    }

    /// A client of the server, signed in if this user is; with `requireSignIn`, not being signed in is refused.
    /// Entries queued while offline are sent first, so they keep their order ahead of whatever this command does.
    func client(requireSignIn: Bool = true) async throws -> APIClient {
        let address = try address()
        let credential = try credentials().credential(for: address)
        if requireSignIn && credential == nil {
            throw CommandFailure.refused("You are not logged in to \(address): run `qwinkle login` or `qwinkle signup` first.")
        }
        let api = APIClient(server: address, token: credential?.token, clientName: LoginSession.commandClient)
        if let credential { await OutboxDelivery.deliverQueued(api: api, username: credential.username, options: self) }
        return api
    }

    /// Forgets the sign-in to `server` on this machine (see `LocalSignIn`).
    func forgetSignIn(at server: ServerAddress) async throws {
        let username = try username()
        try await LocalSignIn.forget(
            server: server, username: username, credentials: credentials(), offline: username == nil ? nil : try? offlineStore()
        )
    }
}

/// `--json`: print data as JSON instead of for people; `--expand`: show what content warnings hide.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print the result as JSON.")
    var json = false

    @Flag(help: "Show the text and sensitive photos behind content warnings.")
    var expand = false
}
