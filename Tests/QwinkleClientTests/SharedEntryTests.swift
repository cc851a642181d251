import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI
import Testing

@testable import QwinkleCLI

/// An entry in a home timeline because someone followed shared it says so in the command's output and the terminal
/// app's list, naming the sharer by handle; one there as itself says nothing of shares.
@Suite struct SharedEntryTests {
    private static let time = Date(timeIntervalSince1970: 1_795_253_400)
    private static let cal = Account(id: Account.ID(integer: 2), username: "cal", createdAt: time)
    private static let zed = Account(id: Account.ID(integer: 3), username: "zed@far.example", createdAt: time)

    private static func shown(sharedBy: Account?) -> TimelineEntry {
        let entry = Entry(id: Entry.ID(integer: 7), author: cal.id, content: EntryContent(kind: .update, body: "Cal's news", visibility: .public), createdAt: time)
        return TimelineEntry(entry: entry, author: cal, marked: false, sharedBy: sharedBy.map { EntryShare(id: 9, account: $0) })
    }

    @Test("The command prints who shared it under the heading; the terminal app's row names them after the author")
    func sharedBy() {
        let printed = Printing.entry(Self.shown(sharedBy: Self.zed)).components(separatedBy: "\n")
        #expect(printed[0].hasPrefix("#7  @cal"))
        #expect(printed[1] == "    ⇄ shared by @zed@far.example")
        #expect(!Printing.entry(Self.shown(sharedBy: nil)).contains("shared by"))
        var elsewhere = Self.shown(sharedBy: nil)
        elsewhere.originalURL = "https://far.example/notes/1"
        #expect(Printing.entry(elsewhere).hasSuffix("\n    ↗ https://far.example/notes/1"), "where it was written, last")
        #expect(!Printing.entry(Self.shown(sharedBy: nil)).contains("↗"))

        let row = Self.shown(sharedBy: Self.zed).cell(width: 80, now: Self.time).lines[0].plainText
        #expect(row.hasPrefix("@cal") && row.contains("⇄ shared by @zed@far.example"), "\(row)")
        #expect(!Self.shown(sharedBy: nil).cell(width: 80, now: Self.time).lines[0].plainText.contains("shared"))
    }

    @Test("A shared entry's wire form keeps the share, and a cache written before shares reads as none")
    func wire() throws {
        let shown = Self.shown(sharedBy: Self.zed)
        let decoded = try QwinkleJSON.makeDecoder().decode(TimelineEntry.self, from: QwinkleJSON.encode(shown))
        #expect(decoded == shown)
        var old = try #require(try JSONSerialization.jsonObject(with: QwinkleJSON.encode(shown)) as? [String: Any])
        old["sharedBy"] = nil
        let before = try QwinkleJSON.makeDecoder().decode(TimelineEntry.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(before.sharedBy == nil && before.entry == shown.entry)
    }
}
