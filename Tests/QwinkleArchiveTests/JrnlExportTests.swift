import Foundation
import QwinkleArchive
import QwinkleKit
import Testing

/// A jrnl journal exported with `jrnl --format json`, in the shape jrnl's JSON exporter writes.
private let export = Data(
    """
    {
      "tags": {"@lake": 1},
      "entries": [
        {"title": "Swam in the lake.", "body": "Cold, then not.\\nWe stayed till dark.\\n", "date": "2026-07-02",
         "time": "18:30", "tags": ["@lake"], "starred": true},
        {"title": "Started a journal.", "body": "", "date": "2026-07-01", "time": "09:05", "tags": [], "starred": false}
      ]
    }
    """.utf8
)

@Suite struct JrnlExportTests {
    @Test func entriesBecomePrivateJournalEntriesOldestFirst() throws {
        let contents = try JrnlExport.read(export)
        #expect(contents.origin == "jrnl")
        #expect(contents.entries.map(\.content.body) == ["Started a journal.", "Swam in the lake.\nCold, then not.\nWe stayed till dark."])
        #expect(contents.entries.allSatisfy { $0.content.kind == .journal && $0.content.visibility == .private })
        #expect(contents.entries.map(\.createdAt) == [RFC3339.date(from: "2026-07-01T09:05:00Z"), RFC3339.date(from: "2026-07-02T18:30:00Z")])
    }

    /// jrnl writes the writer's local time with no zone, so the importer says which zone it was.
    @Test func readsTimesInTheZoneGiven() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let contents = try JrnlExport.read(export, timeZone: berlin)
        #expect(contents.entries.first?.createdAt == RFC3339.date(from: "2026-07-01T07:05:00Z"))
    }

    /// Importing the same export twice must name each entry the same way, and two entries differently.
    @Test func namesEachEntryStablyAndApart() throws {
        let first = try JrnlExport.read(export).entries.map(\.sourceID)
        let second = try JrnlExport.read(export).entries.map(\.sourceID)
        #expect(first == second)
        #expect(Set(first).count == 2)
    }

    @Test func refusesWhatIsNotAJrnlExport() {
        #expect(throws: ForeignExportError.notJSON(format: "jrnl")) { try JrnlExport.read(Data("2026-07-01 09:05 Hi".utf8)) }
        #expect(throws: ForeignExportError.missingEntries(format: "jrnl")) { try JrnlExport.read(Data(#"{"tags": {}}"#.utf8)) }
        #expect(throws: ForeignExportError.badEntry(format: "jrnl", index: 0, field: "time")) {
            try JrnlExport.read(Data(#"{"entries": [{"title": "a", "body": "", "date": "2026-07-01"}]}"#.utf8))
        }
        #expect(throws: ForeignExportError.badDate(format: "jrnl", index: 0, text: "2026-02-30 09:05")) {
            try JrnlExport.read(Data(#"{"entries": [{"title": "a", "body": "", "date": "2026-02-30", "time": "09:05"}]}"#.utf8))
        }
    }

    /// The import picks a reader by looking: a jrnl export, and not a Qwinkle `entries.json` or a Day One journal.
    @Test func isToldApartFromOtherJSON() {
        #expect(JrnlExport.looksLikeExport(export))
        #expect(!JrnlExport.looksLikeExport(Data(#"{"entries": [{"id": "4", "created_at": "2026-07-01T09:05:00Z"}]}"#.utf8)))
        #expect(!JrnlExport.looksLikeExport(Data(#"{"entries": [{"uuid": "A1", "creationDate": "2026-07-01T09:05:00Z"}]}"#.utf8)))
        #expect(!JrnlExport.looksLikeExport(Data("not json".utf8)))
    }
}
