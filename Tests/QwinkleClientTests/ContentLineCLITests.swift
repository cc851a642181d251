import ArgumentParser
import Foundation
import QwinkleKit
import QwinkleTerminalUI
import Testing

@testable import QwinkleCLI

/// Every command that writes content names each of the content's lines as an option of its own, and the command's
/// output shows each line an entry has.
@Suite struct ContentLineCLITests {
    /// The option that names a line: its name with dashes.
    private static func option(_ line: ContentLine) -> String { "--" + line.rawValue.replacingOccurrences(of: "_", with: "-") }

    @Test("Each line has its option: named, it is set (kept on one line); named empty, it is removed; not named, it stays")
    func options() throws {
        let kept = EntryContent(kind: .update, body: "Hi", visibility: .public, lines: Dictionary(uniqueKeysWithValues: ContentLine.allCases.map { ($0, "before") }))
        for line in ContentLine.allCases {
            var content = kept
            let named = try ContentOptions.parse([Self.option(line), " Harbour café\nLisbon "])
            #expect(named.namesAny)
            named.apply(to: &content)
            #expect(content[line: line] == "Harbour café Lisbon")
            try ContentOptions.parse([Self.option(line), ""]).apply(to: &content)
            #expect(content[line: line] == nil)
        }
        var untouched = kept
        let none = try ContentOptions.parse([])
        #expect(!none.namesAny)
        none.apply(to: &untouched)
        #expect(untouched == kept)
    }

    @Test("The command's output shows each line under the text")
    func printed() {
        let time = Date(timeIntervalSince1970: 1_795_253_400)
        let cal = Account(id: Account.ID(integer: 2), username: "cal", createdAt: time)
        let lines = Dictionary(uniqueKeysWithValues: ContentLine.allCases.map { ($0, "\($0.label) of the entry") })
        let entry = Entry(
            id: Entry.ID(integer: 7), author: cal.id, content: EntryContent(kind: .update, body: "Cal's news", visibility: .public, lines: lines), createdAt: time
        )
        let printed = Printing.entry(TimelineEntry(entry: entry, author: cal, marked: false)).components(separatedBy: "\n")
        for line in ContentLine.shown { #expect(printed.contains("    \(line.label): \(line.label) of the entry")) }
    }

    @Test("A warning stands for the text and sensitive photos unless --expand; --cw and --sensitive set them")
    func warning() throws {
        let time = Date(timeIntervalSince1970: 1_795_253_400)
        let cal = Account(id: Account.ID(integer: 2), username: "cal", createdAt: time)
        var content = EntryContent(kind: .update, body: "The butler did it.", visibility: .public)
        try ContentOptions.parse(["--cw", "Spoilers", "--sensitive"]).apply(to: &content)
        #expect(content.warning == "Spoilers" && content.sensitive)
        content.photos = [AttachedPhoto(id: Photo.ID(integer: 5), alt: "The butler")]
        let item = TimelineEntry(entry: Entry(id: Entry.ID(integer: 7), author: cal.id, content: content, createdAt: time), author: cal, marked: false)

        let collapsed = Printing.entry(item)
        #expect(collapsed.contains("⚠ Spoilers  [hidden: --expand shows it]"))
        #expect(!collapsed.contains("butler did it") && !collapsed.contains("The butler]"))
        #expect(collapsed.contains("[1 sensitive photo hidden: --expand shows them]"))
        let expanded = Printing.entry(item, expand: true)
        #expect(expanded.contains("⚠ Spoilers\n") && expanded.contains("The butler did it.") && expanded.contains("[photo 5: The butler]"))

        // The terminal app's list shows the warning in the text's place.
        let row = item.cell(width: 80, now: time).lines.map(\.plainText)
        #expect(row.contains("⚠ Spoilers (open to read)"))
        #expect(!row.joined().contains("butler did it"))

        try ContentOptions.parse(["--no-sensitive", "--content-warning", ""]).apply(to: &content)
        #expect(content.warning == nil && !content.sensitive)
    }
}
