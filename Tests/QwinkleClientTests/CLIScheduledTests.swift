import Foundation
import Testing

@Suite("qwinkle: scheduled entries")
struct CLIScheduledTests {
    @Test("post --at schedules an entry and says when; scheduled lists it, change moves and rewrites it, cancel removes it")
    func scheduleChangeCancel() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let scheduled = await cli.run(["post", "Tomorrow's news", "--at", "+2h"])
            #expect(scheduled.code == 0, "\(scheduled.errors)")
            #expect(scheduled.output.hasPrefix("Scheduled #"))
            #expect(scheduled.output.contains("(in 2 hours)"), "\(scheduled.output)")
            #expect(scheduled.output.contains("only you can see it"))
            let id = try #require(scheduled.output.split(separator: "#").dropFirst().first?.split(separator: " ").first.map(String.init))

            let listed = await cli.run(["scheduled"])
            #expect(listed.code == 0)
            #expect(listed.output.contains("#\(id)  "))
            #expect(listed.output.contains("Tomorrow's news"))
            #expect(listed.output.contains("UTC (in 2 hours)"), "\(listed.output)")
            #expect(!(await cli.run(["timeline", "@abe"]).output.contains("Tomorrow's news")), "not posted yet")

            let changed = await cli.run(["scheduled", "change", id, "--at", "+1d", "--text", "The day after"])
            #expect(changed.code == 0, "\(changed.errors)")
            #expect(changed.output.contains("Scheduled #\(id) for"))
            #expect(changed.output.contains("(in 1 day)"), "\(changed.output)")
            let json = await cli.run(["scheduled", "--json"])
            #expect(json.output.contains(#""body" : "The day after""#), "\(json.output)")

            let mary = try cli.person("mary")
            await mary.signUp("mary")
            #expect(await mary.run(["scheduled"]).output.contains("Nothing scheduled"))
            #expect(await mary.run(["scheduled", "cancel", id]).code == 1, "someone else's is not found")

            let cancelled = await cli.run(["scheduled", "cancel", id])
            #expect(cancelled.code == 0, "\(cancelled.errors)")
            #expect(cancelled.output == "Cancelled #\(id): it will not be posted.\n")
            #expect(await cli.run(["scheduled"]).output.contains("Nothing scheduled"))
            #expect(await cli.run(["scheduled", "cancel", id]).code == 1)
        }
    }

    @Test("A time too soon, too far or unreadable is refused with one clear line, and nothing is scheduled")
    func badTimes() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let soon = await cli.run(["post", "Soon", "--at", "+2m"])
            #expect(soon.code == 1)
            #expect(soon.errors.contains("at least 5 minutes"), "\(soon.errors)")
            // The stated minimum itself is taken: the wait is measured from when the command asks.
            let minimum = await cli.run(["post", "In five", "--at", "+5m"])
            #expect(minimum.code == 0, "\(minimum.errors)")
            #expect(minimum.output.contains("(in 5 minutes)"), "\(minimum.output)")
            let far = await cli.run(["post", "Far", "--at", "2099-01-01T00:00:00Z"])
            #expect(far.code == 1)
            #expect(far.errors.contains("at most a year"), "\(far.errors)")
            let unreadable = await cli.run(["post", "When?", "--at", "tomorrow-ish"])
            #expect(unreadable.code == 2)
            #expect(unreadable.errors.contains("+30m"), "\(unreadable.errors)")
            let exact = await cli.run(["journal", "Dear diary", "--at", RFC3339Text.inAnHour()])
            #expect(exact.code == 0, "\(exact.errors)")
            #expect(exact.output.contains("(a journal entry for journal readers)"), "\(exact.output)")
            #expect(await cli.run(["scheduled", "change", "1"]).code == 2, "a change must say what to change")
            #expect(await cli.run(["scheduled"]).output.components(separatedBy: "\n#").count == 2, "only the 5-minute and the journal entry wait")
        }
    }
}

/// An RFC 3339 time an hour from now, with an offset, as a person might type it.
enum RFC3339Text {
    static func inAnHour() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 2 * 3_600)
        return formatter.string(from: Date().addingTimeInterval(3_600))
    }
}
