import Foundation
@testable import QwinkleCLI
import Testing

@Suite("qwinkle: export and import")
struct CLIArchiveTests {
    @Test("export writes the archive whole (no progress off a terminal); import loads it into another account once and says so")
    func exportThenImport() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            #expect(await cli.run(["post", "Coffee at the lake", "--visibility", "public"]).code == 0)
            #expect(await cli.run(["journal", "Dear diary"]).code == 0)
            let file = cli.home.appendingPathComponent("abe.zip")
            let exported = await cli.run(["export", file.path])
            #expect(exported.code == 0, "\(exported.errors)")
            #expect(exported.output.hasPrefix("Saved your archive to \(file.path) ("))
            #expect(!exported.output.contains("\r"), "no progress bar off a terminal")
            #expect(FileManager.default.fileExists(atPath: file.path))
            #expect(!FileManager.default.fileExists(atPath: file.path + ".partial"))
            let bytes = try Data(contentsOf: file)
            #expect(bytes.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]), "a ZIP file")

            let bea = try cli.person("bea")
            await bea.signUp("bea")
            let imported = await bea.run(["import", file.path])
            #expect(imported.code == 0, "\(imported.errors)")
            #expect(imported.output.hasPrefix("Imported 2 entries and 0 photos.\n"))
            let again = await bea.run(["import", file.path, "--json"])
            #expect(again.code == 0)
            #expect(again.output.contains("\"entries_already_present\":2"))
            #expect(again.output.contains("\"entries_imported\":0"))
            let timeline = await bea.run(["timeline", "@bea"])
            #expect(timeline.output.contains("Coffee at the lake"), "\(timeline.output) \(timeline.errors)")
        }
    }

    @Test("import takes a jrnl journal (jrnl --format json) as private journal entries with their dates")
    func importJrnl() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let file = cli.home.appendingPathComponent("journal.json")
            try Data(
                #"{"tags": {}, "entries": [{"title": "Started a journal.", "body": "At last.", "date": "2026-07-01", "time": "09:05", "tags": [], "starred": false}]}"#.utf8
            ).write(to: file)
            let imported = await cli.run(["import", file.path])
            #expect(imported.code == 0, "\(imported.errors)")
            #expect(imported.output.hasPrefix("Imported 1 entry and 0 photos.\n"), "\(imported.output)")
            let journal = await cli.run(["timeline", "journal"])
            #expect(journal.output.contains("Started a journal."), "\(journal.output) \(journal.errors)")
        }
    }

    @Test("import --time-zone reads a jrnl journal's zoneless times in that zone; a zone that is none is a usage error")
    func importJrnlInAZone() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let file = cli.home.appendingPathComponent("journal.json")
            try Data(
                #"{"tags": {}, "entries": [{"title": "Started a journal.", "body": "", "date": "2026-07-01", "time": "09:05", "tags": [], "starred": true}]}"#.utf8
            ).write(to: file)
            let unknown = await cli.run(["import", file.path, "--time-zone", "Mars/Olympus"])
            #expect(unknown.code == 2, "\(unknown.output) \(unknown.errors)")
            #expect(unknown.errors.contains("Mars/Olympus is not a time zone"), "\(unknown.errors)")
            let imported = await cli.run(["import", file.path, "--time-zone", "Pacific/Auckland"])
            #expect(imported.code == 0, "\(imported.errors)")
            let journal = await cli.run(["timeline", "journal", "--json"])
            #expect(journal.output.contains("2026-06-30T21:05:00"), "09:05 in Auckland: \(journal.output)")
        }
    }

    @Test("import refuses a file that is not an archive, and a missing file, with one line and exit code 1")
    func importRefusesBadFiles() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let file = cli.home.appendingPathComponent("notes.zip")
            try Data("just some notes".utf8).write(to: file)
            let refused = await cli.run(["import", file.path])
            #expect(refused.code == 1)
            #expect(refused.errors.contains("not one Qwinkle imports"), "\(refused.errors)")
            #expect(refused.errors.split(separator: "\n").count == 1)
            let missing = await cli.run(["import", cli.home.appendingPathComponent("nothing.zip").path])
            #expect(missing.code == 1)
            #expect(missing.errors.contains("There is no file"))
        }
    }

    @Test("export into a folder that does not exist fails without leaving a partial file")
    func exportFailsCleanly() async throws {
        try await CLIHarness.withServer { cli in
            await cli.signUp("abe")
            let file = cli.home.appendingPathComponent("missing-folder/abe.zip")
            let run = await cli.run(["export", file.path])
            #expect(run.code != 0)
            #expect(!FileManager.default.fileExists(atPath: file.path + ".partial"))
        }
    }
}

/// `qwinkle export`'s meter: bytes redrawn in place on a terminal, nothing elsewhere.
@Suite("qwinkle export: the byte meter")
struct ByteMeterTests {
    @Test("On a terminal it redraws one line with the bytes so far, and ends it")
    func terminal() throws {
        let meter = ByteMeter(label: "Exporting", terminal: true)
        let line = try #require(meter.update(1_500_000))
        #expect(line.hasPrefix("\rExporting "))
        #expect(line.contains("1.5 MB"))
        #expect(meter.update(1_600_000) == nil, "at most ten redraws a second")
        #expect(meter.finish() == "\n")
    }

    @Test("Elsewhere it stays quiet")
    func notATerminal() {
        let meter = ByteMeter(label: "Exporting", terminal: false)
        #expect(meter.update(1_500_000) == nil)
        #expect(meter.finish() == "")
    }
}
