import Foundation
import Testing

@Suite("qwinkle: the trash")
struct CLITrashTests {
    @Test("delete puts an entry in the trash and says how to bring it back; restore-deleted brings back the same entry")
    func deleteAndRestore() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let posted = await cli.run(["post", "Back soon", "--visibility", "public"])
            let id = try #require(posted.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
            let deleted = await cli.run(["delete", id])
            #expect(deleted.code == 0)
            #expect(deleted.output.contains("qwinkle restore-deleted \(id)"))
            #expect(await cli.run(["show", id]).code == 1, "a deleted entry is not found")
            let restored = await cli.run(["restore-deleted", id])
            #expect(restored.code == 0, "\(restored.errors)")
            #expect(restored.output == "Restored #\(id) from your trash.\n")
            let shown = await cli.run(["show", id])
            #expect(shown.code == 0 && shown.output.contains("Back soon"))
            #expect(await cli.run(["restore-deleted", "999"]).code == 1)
        }
    }
}
