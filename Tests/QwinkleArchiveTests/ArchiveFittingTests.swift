import Foundation
import QwinkleArchive
import QwinkleKit
import Testing

/// Entries from apps without Qwinkle's length limit are split to fit rather than refused, and entries a file holds
/// twice are kept once; each change is named for the person who imported them.
@Suite struct ArchiveFittingTests {
    static let written = Date(timeIntervalSince1970: 1_783_000_000)

    static func entry(_ body: String, id: String = "a", marked: Bool = false) -> ArchivedEntry {
        ArchivedEntry(sourceID: id, content: EntryContent(kind: .journal, body: body, visibility: .private), createdAt: written, marked: marked)
    }

    @Test func longEntryBecomesConsecutiveEntriesThatFit() throws {
        let paragraph = String(repeating: "word ", count: 199) + "end."
        let body = Array(repeating: paragraph, count: 12).joined(separator: "\n\n")
        let contents = ArchiveContents(origin: "jrnl", entries: [Self.entry(body, marked: true)])
            .splittingLongEntries(.standard, timeZone: .gmt)
        let parts = contents.entries
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { LengthRule.standard.weightedLength(of: $0.content.body) <= 10_000 })
        #expect(parts.map(\.content.body).joined(separator: "\n\n") == body, "cut at a paragraph, nothing lost")
        #expect(parts.map(\.sourceID) == ["a", "a#2"])
        #expect(parts.map(\.createdAt) == [Self.written, Self.written.addingTimeInterval(1)], "in order, a second apart")
        #expect(parts.map(\.marked) == [true, false])
        #expect(contents.warnings.count == 1)
        #expect(contents.warnings.first?.contains("12,010 characters") == true, "\(contents.warnings)")
    }

    @Test func textWithoutBreaksIsCutWhereItMustBe() throws {
        let body = String(repeating: "x", count: 25_000)
        let parts = ArchiveContents(origin: "jrnl", entries: [Self.entry(body)]).splittingLongEntries(.standard, timeZone: .gmt).entries
        #expect(parts.map(\.content.body.count) == [10_000, 10_000, 5_000])
    }

    @Test func linksCountAsTheyDoWhenPosting() throws {
        // Each link counts 23 whatever its length, so a text of long links fits in fewer parts than its characters say.
        let link = "https://example.com/" + String(repeating: "a", count: 200)
        let body = Array(repeating: link, count: 100).joined(separator: " ")
        #expect(body.count > 20_000)
        let parts = ArchiveContents(origin: "jrnl", entries: [Self.entry(body)]).splittingLongEntries(.standard, timeZone: .gmt).entries
        #expect(parts.count == 1, "100 links weigh 2,399 characters")
    }

    @Test func entriesWithAHistoryAreLeftWhole() throws {
        var entry = Self.entry(String(repeating: "y", count: 12_000))
        entry.revisions = [ArchivedRevision(content: EntryContent(kind: .journal, body: "y", visibility: .private), createdAt: Self.written)]
        let contents = ArchiveContents(origin: "https://old.example", entries: [entry]).splittingLongEntries(.standard, timeZone: .gmt)
        #expect(contents.entries == [entry])
        #expect(contents.warnings.isEmpty)
    }

    @Test func duplicatesAreKeptOnceAndNamed() throws {
        let contents = ArchiveContents(origin: "jrnl", entries: [Self.entry("Hello there"), Self.entry("Hello there"), Self.entry("Other", id: "b")])
            .removingDuplicates(timeZone: try #require(TimeZone(identifier: "Europe/Paris")))
        #expect(contents.entries.map(\.sourceID) == ["a", "b"])
        #expect(contents.warnings == ["The entry of 2026-07-02 15:46 “Hello there” is in the file 2 times, a duplicate within the file; it was imported once."])
    }

    @Test func jrnlStarsAreKept() throws {
        let export = Data(#"{"entries": [{"title": "A.", "body": "", "date": "2026-07-01", "time": "09:05", "starred": true}, {"title": "B.", "body": "", "date": "2026-07-02", "time": "09:05", "starred": false}]}"#.utf8)
        #expect(try JrnlExport.read(export).entries.map(\.marked) == [true, false])
    }

    @Test func dayOneStarsAreKept() throws {
        let journal = Data(#"{"metadata": {"version": "1.0"}, "entries": [{"uuid": "A1", "creationDate": "2026-06-03T07:15:00Z", "text": "Figs.", "starred": true}, {"uuid": "B2", "creationDate": "2026-06-04T07:15:00Z", "text": "Plums."}]}"#.utf8)
        #expect(try DayOneExport.read(journals: [journal], paths: []).entries.map(\.marked) == [true, false])
    }
}
