import Foundation
import QwinkleKit
import Testing

@Suite("qwinkle: sessions, password and account deletion")
struct CLILifecycleTests {
    @Test("sessions lists where you are signed in; end-session signs another out; password keeps only this session")
    func sessionsAndPassword() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let laptop = try cli.person("laptop")
            #expect(await laptop.run(["login", "--username", "abe", "--password-stdin"], input: ["correct horse"]).code == 0)

            let listed = await cli.run(["sessions"])
            #expect(listed.code == 0, "\(listed.errors)")
            #expect(listed.output.components(separatedBy: "The qwinkle command").count == 3, "\(listed.output)")
            #expect(listed.output.contains("(this one)"))
            let json = await cli.run(["sessions", "--json"])
            let sessions = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
            #expect(sessions.count == 2)
            let other = try #require(sessions.first { $0["current"] as? Bool == false }?["id"] as? String)

            let ended = await cli.run(["end-session", other])
            #expect(ended.code == 0 && ended.output.contains("Session \(other) is ended."))
            let signedOut = await laptop.run(["sessions"])
            #expect(signedOut.code == 1)
            #expect(signedOut.errors.contains("log in again"))
            #expect(await cli.run(["end-session", other]).code == 1)

            #expect(await laptop.run(["login", "--username", "abe", "--password-stdin"], input: ["correct horse"]).code == 0)
            let wrong = await cli.run(["password", "--password-stdin"], input: ["wrong horse", "battery staple"])
            #expect(wrong.code == 1)
            #expect(wrong.errors.contains("The password is wrong."))
            let short = await cli.run(["password", "--password-stdin"], input: ["correct horse", "short"])
            #expect(short.code == 1)
            #expect(short.errors.contains(ValidationReason.passwordTooShort(minimumBytes: 8).message))
            let changed = await cli.run(["password", "--password-stdin"], input: ["correct horse", "battery staple"])
            #expect(changed.code == 0, "\(changed.errors)")
            #expect(await laptop.run(["sessions"]).code == 1, "the other session is signed out")
            #expect(await cli.run(["sessions"]).code == 0, "this one stays")
            #expect(await laptop.run(["login", "--username", "abe", "--password-stdin"], input: ["battery staple"]).code == 0)
        }
    }

    @Test("delete-account needs the password, then deletes the account and forgets the token here")
    func deleteAccount() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            #expect(await cli.run(["post", "Goodbye"]).code == 0)
            let wrong = await cli.run(["delete-account", "--password-stdin"], input: ["wrong horse"])
            #expect(wrong.code == 1)
            #expect(await cli.run(["whoami"]).code == 0)

            let deleted = await cli.run(["delete-account", "--password-stdin"], input: ["correct horse"])
            #expect(deleted.code == 0, "\(deleted.errors)")
            #expect(deleted.output.contains("Your account @abe is deleted"))
            #expect(await cli.run(["whoami"]).code == 1)
            let other = try cli.person("other")
            #expect(await other.run(["timeline", "public"]).output.contains("Goodbye") == false)
            await other.signUp("abe")
        }
    }
}
