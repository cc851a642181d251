import Foundation
import QwinkleArchive
import QwinkleKit
import Testing

/// A Day One journal file in the shape of Day One's JSON export: Markdown text with escapes, photo markers and tags.
private let journal = Data(
    #"""
    {
      "metadata": {"version": "1.0"},
      "entries": [
        {
          "uuid": "81F0F3CA693F484792F76359E9E2ACE8",
          "creationDate": "2026-06-03T07:15:00Z",
          "modifiedDate": "2026-06-03T08:00:00Z",
          "timeZone": "Europe/Lisbon",
          "starred": false,
          "text": "Market day\\. Figs\\!\n\n![](dayone-moment://AD6F2A6EC10C41AEA35E94BAD169936D)\n\nHome by noon.",
          "tags": ["market", "summer days"],
          "photos": [
            {"identifier": "B0", "md5": "bbbb", "type": "png", "orderInEntry": 1},
            {"identifier": "AD6F2A6EC10C41AEA35E94BAD169936D", "md5": "aaaa", "type": "jpeg", "orderInEntry": 0},
            {"identifier": "C0", "md5": "cccc", "type": "heic", "orderInEntry": 2},
            {"identifier": "D0", "md5": "dddd", "type": "jpeg", "orderInEntry": 3}
          ]
        },
        {"uuid": "1546F37361264E129200B2CA6A885855", "creationDate": "2026-06-01T21:00:00Z", "text": "First night here."}
      ]
    }
    """#.utf8
)

@Suite struct DayOneExportTests {
    @Test func entriesBecomePrivateJournalEntriesWithPlainText() throws {
        let contents = try DayOneExport.read(journals: [journal], paths: ["Journal.json", "photos/aaaa.jpeg", "photos/bbbb.png"])
        #expect(contents.origin == "dayone")
        #expect(contents.entries.map(\.sourceID) == ["1546F37361264E129200B2CA6A885855", "81F0F3CA693F484792F76359E9E2ACE8"])
        let market = try #require(contents.entries.last)
        #expect(market.content.body == "Market day. Figs!\n\nHome by noon.\n\n#market #summer_days")
        #expect(market.content.kind == .journal && market.content.visibility == .private)
        #expect(market.createdAt == RFC3339.date(from: "2026-06-03T07:15:00Z"))
        #expect(market.editedAt == RFC3339.date(from: "2026-06-03T08:00:00Z"))
        #expect(contents.entries.first?.editedAt == nil)
    }

    /// Photos come in Day One's order; what cannot come along is named in the warnings rather than lost silently.
    @Test func photosInOrderAndWhatWasLeftOut() throws {
        let contents = try DayOneExport.read(journals: [journal], paths: ["photos/aaaa.jpeg", "photos/bbbb.png"])
        #expect(contents.entries.last?.photos.map(\.path) == ["photos/aaaa.jpeg", "photos/bbbb.png"])
        #expect(contents.warnings.count == 2)
        #expect(contents.warnings.contains { $0.contains("heic") })
        #expect(contents.warnings.contains { $0.contains("photos/dddd.jpeg") })
    }

    @Test func keepsAtMostFourPhotos() throws {
        let photos = (0..<6).map { #"{"identifier": "I\#($0)", "md5": "\#($0)\#($0)", "type": "jpeg", "orderInEntry": \#($0)}"# }
        let data = Data(
            #"{"entries": [{"uuid": "U", "creationDate": "2026-06-01T21:00:00Z", "text": "", "photos": [\#(photos.joined(separator: ","))]}]}"#.utf8
        )
        let paths = Set((0..<6).map { "photos/\($0)\($0).jpeg" })
        let contents = try DayOneExport.read(journals: [data], paths: paths)
        #expect(contents.entries.first?.photos.count == Entry.maxPhotos)
        #expect(contents.warnings == ["Entry 1: only its first 4 photos came along."])
    }

    @Test func findsJournalsAtTheRootOnly() {
        #expect(DayOneExport.journalFiles(in: ["Travel.json", "photos/a.jpeg", "Journal.json", "nested/x.json"]) == ["Journal.json", "Travel.json"])
    }

    @Test func refusesWhatIsNotADayOneExport() {
        #expect(throws: ForeignExportError.notJSON(format: "Day One")) { try DayOneExport.read(journals: [Data("<xml/>".utf8)], paths: []) }
        #expect(throws: ForeignExportError.missingEntries(format: "Day One")) {
            try DayOneExport.read(journals: [Data(#"{"metadata": {}}"#.utf8)], paths: [])
        }
        #expect(throws: ForeignExportError.badDate(format: "Day One", index: 0, text: "yesterday")) {
            try DayOneExport.read(journals: [Data(#"{"entries": [{"uuid": "U", "creationDate": "yesterday"}]}"#.utf8)], paths: [])
        }
    }
}
