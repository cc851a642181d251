import Foundation
import QwinkleTestSupport
import Testing

@Suite("qwinkle: notifications")
struct CLINotificationsTests {
    @Test("notifications lists follows and marks grouped with the unread count; --mark-read reads them; --json has the fields")
    func notifications() async throws {
        try await CLIHarness.withServer { abe in
            await abe.signUp("abe")
            let mary = try abe.person("mary")
            await mary.signUp("mary")
            #expect(await mary.run(["follow", "abe"]).code == 0)
            let posted = await abe.run(["post", "A shark in the pink sea."])
            let entry = String(try #require(posted.output.split(separator: "#").dropFirst().first?.prefix { $0.isNumber }))
            #expect(await mary.run(["mark", entry]).code == 0)

            let listed = await abe.run(["notifications"])
            #expect(listed.code == 0, "\(listed.errors)")
            #expect(listed.output.contains("@mary marked your entry"))
            #expect(listed.output.contains("@mary followed you"))
            #expect(listed.output.contains("2 unread."))

            let json = await abe.run(["notifications", "--json"])
            let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(decoded["unread_count"] as? Int == 2)
            let items = try #require(decoded["notifications"] as? [[String: Any]])
            #expect(items.compactMap { $0["kind"] as? String } == ["marked", "followed"])
            #expect(items.first?["entry_id"] as? String == entry)

            let read = await abe.run(["notifications", "--mark-read"])
            #expect(read.code == 0, "\(read.errors)")
            #expect(read.output.contains("0 unread."))
            #expect(await abe.run(["notifications"]).output.contains("0 unread."))
            #expect(await mary.run(["notifications"]).output.contains("No notifications."))
        }
    }
}
