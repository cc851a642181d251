import Foundation
import QwinkleTestSupport
import Testing

@Suite("qwinkle: search")
struct CLISearchTests {
    @Test("search finds what you may read with the matches marked, accounts by prefix, and refuses a bad query")
    func search() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            #expect(await abe.run(["post", "A shark in the pink sea."]).code == 0)
            #expect(await abe.run(["post", "My secret shark.", "--visibility", "private"]).code == 0)

            let found = await mary.run(["search", "shark"])
            #expect(found.code == 0, "\(found.errors)")
            #expect(found.output.contains("@abe"))
            #expect(found.output.contains("» A [shark] in the pink sea."))
            #expect(!found.output.contains("secret"))
            #expect(await abe.run(["search", "shark"]).output.contains("My secret [shark]."))

            let json = await mary.run(["search", "\"pink sea\"", "--json"])
            let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
            #expect((decoded?["items"] as? [Any])?.count == 1)

            let accounts = await mary.run(["search", "@ab", "--type", "accounts"])
            #expect(accounts.code == 0, "\(accounts.errors)")
            #expect(accounts.output.contains("@abe"))
            #expect(!accounts.output.contains("@mary"))

            let bad = await mary.run(["search", "\"shark"])
            #expect(bad.code == 1)
            #expect(bad.errors.contains("closing \""))
        }
    }
}
