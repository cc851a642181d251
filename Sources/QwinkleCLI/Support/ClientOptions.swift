import ArgumentParser
import Foundation
import QwinkleClient

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

    /// Where this user's credentials are kept.
    func credentials() -> CredentialStore {
        CredentialStore(directory: UserDirectories(environment: CommandContext.current.environment).config)
    }

    /// A client of the server, signed in if this user is; with `requireSignIn`, not being signed in is refused.
    func client(requireSignIn: Bool = true) throws -> APIClient {
        let address = try address()
        let credential = try credentials().credential(for: address)
        if requireSignIn && credential == nil {
            throw CommandFailure.refused("You are not logged in to \(address): run `qwinkle login` or `qwinkle signup` first.")
        }
        return APIClient(server: address, token: credential?.token)
    }
}

/// `--json`: print data as JSON instead of for people.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print the result as JSON.")
    var json = false
}
