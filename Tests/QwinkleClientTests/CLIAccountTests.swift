import Foundation
import QwinkleKit
import Testing

@Suite("qwinkle: accounts")
struct CLIAccountTests {
    @Test("signup checks each field with the validators before sending, then logs in")
    func signUpPrompts() async throws {
        try await CLIHarness.withServer { cli in
            // A bad username, then a good one; a short password, then mismatched, then right.
            let run = await cli.run(["signup"], input: ["Abe Lincoln", "abe", "abe@example.com", "short", "gettysburg", "gettysburk", "gettysburg", "gettysburg"])
            #expect(run.code == 0, "\(run.errors)")
            #expect(run.errors.contains(ValidationReason.usernameCharacters.message))
            #expect(run.errors.contains(ValidationReason.passwordTooShort(minimumBytes: 8).message))
            #expect(run.errors.contains(ValidationReason.passwordsDoNotMatch.message))
            #expect(run.output.contains("Welcome, @abe!"))
            let whoami = await cli.run(["whoami"])
            #expect(whoami.output.hasPrefix("@abe on \(cli.server)"))
        }
    }

    @Test("For scripts, signup and login never prompt; the credentials file is private")
    func scripted() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let file = cli.home.appendingPathComponent(".config/qwinkle/credentials.json")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(await cli.run(["logout"]).code == 0)
            #expect(await cli.run(["whoami"]).code == 1)
            let login = await cli.run(["login", "--username", "abe", "--password-stdin"], input: ["correct horse"])
            #expect(login.code == 0 && login.output.contains("as @abe"))
            let wrong = await cli.run(["login", "--username", "abe", "--password-stdin"], input: ["wrong horse"])
            #expect(wrong.code == 1)
            #expect(wrong.errors == "qwinkle: Wrong username or password.\n")
        }
    }

    @Test("A taken username is refused with the server's message and exit code 1")
    func taken() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let other = try cli.person("other")
            let again = await other.run(["signup", "--username", "abe", "--email", "x@example.com", "--password-stdin"], input: ["correct horse"])
            #expect(again.code == 1)
            #expect(again.errors.contains("The username abe is taken"))
        }
    }

    @Test("signup at a terminal says a username is taken as it is entered, and asks for another, before the rest")
    func takenAtThePrompt() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let other = try cli.person("other")
            // Were the taken name accepted here, the next answer ("abraham") would be taken as the email address.
            let run = await other.run(["signup"], input: ["abe", "abraham", "abraham@example.com", "gettysburg", "gettysburg"])
            #expect(run.code == 0, "\(run.errors)")
            #expect(run.errors.contains("The username abe is taken"), "\(run.errors)")
            #expect(run.output.contains("Welcome, @abraham!"))
            // A taken --username is refused before anything is asked.
            let given = await other.run(["signup", "--username", "abe"], input: ["abe@example.com", "gettysburg", "gettysburg"])
            #expect(given.code == 1)
            #expect(given.errors.contains("The username abe is taken"), "\(given.errors)")
        }
    }

    @Test("--version prints the release; whoami says nothing more when the server runs the same one")
    func version() async throws {
        try await CLIHarness.withServer { cli in
            let version = await cli.run(["--version"])
            #expect(version.code == 0, "\(version.errors)")
            #expect(version.output == "\(QwinkleVersion.current)\n")
            await cli.signUp("abe")
            let whoami = await cli.run(["whoami"])
            #expect(whoami.code == 0)
            #expect(whoami.errors.isEmpty, "\(whoami.errors)")
        }
    }

    @Test("Exit codes: 2 for a wrong command line, 3 when the server cannot be reached")
    func exitCodes() async throws {
        try await CLIHarness.withServer { cli in
            #expect(await cli.run(["timeline", "sideways"]).code == 2)
            #expect(await cli.run(["post", "--no-such-flag"]).code == 2)
            #expect(await cli.run(["dream", "x", "--creature", "griffin"]).code == 2)
            let unreachable = await cli.run(["timeline", "public"], environment: ["QWINKLE_SERVER": "http://127.0.0.1:9"])
            #expect(unreachable.code == 3)
            #expect(unreachable.errors.contains("Cannot reach the Qwinkle server"))
            let help = await cli.run(["post", "--help"])
            #expect(help.code == 0 && help.output.contains("Example"))
        }
    }
}

@Suite("qwinkle: help")
struct CLIHelpTests {
    @Test("Every subcommand's --help shows an example")
    func examples() async throws {
        try await CLIHarness.withServer { cli in
            let help = await cli.run(["--help"])
            // A subcommand's line starts with two spaces and its name; wrapped abstracts are indented further.
            let names = help.output.components(separatedBy: "SUBCOMMANDS:").last?
                .split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
                .compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0 != "help" && $0.allSatisfy { $0.isLowercase || $0 == "-" } } ?? []
            #expect(names.count >= 29, "\(names)")
            for name in names {
                let run = await cli.run([name, "--help"])
                #expect(run.code == 0 && run.output.contains("Example"), "\(name) --help has no example")
            }
        }
    }
}
