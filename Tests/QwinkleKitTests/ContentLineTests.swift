import Foundation
import QwinkleKit
import Testing

@Suite("The content's one-line texts")
struct ContentLineTests {
    static let base = EntryContent(kind: .update, body: "Coffee by the water.", visibility: .public, lines: [.location: "Harbour café"])

    private func edited(_ edit: (inout EntryContent) -> Void) -> EntryContent {
        var content = Self.base
        edit(&content)
        return content
    }

    @Test("A line is kept on one line and trimmed, and an empty one is none")
    func kept() {
        var content = EntryContent(kind: .update, body: "Hi", visibility: .public)
        content[line: .location] = "  Harbour café,\nLisbon \r\n"
        #expect(content[line: .location] == "Harbour café, Lisbon")
        content[line: .location] = " \n "
        #expect(content[line: .location] == nil)
        #expect(content.lines.isEmpty)
        #expect(EntryContent(kind: .update, body: "Hi", visibility: .public, lines: [.location: ""]).lines.isEmpty)
    }

    @Test("A line is a property of its name in the content's JSON, left out when there is none")
    func json() throws {
        let written = String(decoding: try QwinkleJSON.encode(Self.base), as: UTF8.self)
        #expect(written.contains(#""location":"Harbour café""#))
        #expect(try QwinkleJSON.makeDecoder().decode(EntryContent.self, from: Data(written.utf8)) == Self.base)
        let none = String(decoding: try QwinkleJSON.encode(edited { $0[line: .location] = nil }), as: UTF8.self)
        #expect(!none.contains("location"))
        let blank = #"{"kind":"update","body":"Hi","visibility":"public","location":"  "}"#
        #expect(try QwinkleJSON.makeDecoder().decode(EntryContent.self, from: Data(blank.utf8)).lines.isEmpty)
    }

    /// Every client maps the content field by field; the tests that hold each mapping to every field (the API's
    /// shapes, storage, the web form and scripts, the CLI's options, ActivityPub) build their content from
    /// `ContentLine.allCases`. A field that is not a line would slip past them: this fails first.
    @Test("The content's fields are the ones every mapping is tested with")
    func fields() {
        let names = Mirror(reflecting: Self.base).children.compactMap(\.label)
        #expect(
            // `html`, `language` and `linkedMedia` are another server's, kept and shown, never sent by a client:
            // storage, the API's shown entries, the web app and the Mastodon API map them (`FederationRemoteHTMLTests`,
            // `FederationRemoteMediaTests`), no request shape does.
            names == ["kind", "body", "photos", "sensitive", "visibility", "lines", "html", "language", "linkedMedia"],
            "a new field of EntryContent: map it in every client, test it, then add it here"
        )
    }

    @Test("Their new place and your new text merge; two new places conflict, theirs kept")
    func merge() {
        let clean = EntryMerge(base: Self.base, theirs: edited { $0[line: .location] = "Lisbon" }, yours: edited { $0.body = "Tea by the water." })
        #expect(clean.isClean)
        #expect(clean.merged[line: .location] == "Lisbon")
        #expect(clean.merged.body == "Tea by the water.")

        let removed = EntryMerge(base: Self.base, theirs: Self.base, yours: edited { $0[line: .location] = nil })
        #expect(removed.isClean)
        #expect(removed.merged[line: .location] == nil)

        let both = EntryMerge(base: Self.base, theirs: edited { $0[line: .location] = "Lisbon" }, yours: edited { $0[line: .location] = nil })
        #expect(both.merged[line: .location] == "Lisbon")
        #expect(both.conflicts == [.line(.location, ConflictingValues(base: "Harbour café", theirs: "Lisbon", yours: nil))])
        #expect(both.conflicts.first?.part == .line(.location))
        #expect(both.conflicts.first?.part.rawValue == "location")
    }

    @Test("A conflict's part is named by its name in the API, and each name reads back as its part")
    func partNames() {
        let names = MergeConflict.Part.allCases.map(\.rawValue)
        #expect(names == ["body", "visibility", "photos", "content_warning", "location", "creature", "number_of_creatures", "kind"])
        for part in MergeConflict.Part.allCases { #expect(MergeConflict.Part(rawValue: part.rawValue) == part) }
        #expect(MergeConflict.Part(rawValue: "mood") == nil)
    }

    @Test("A warning counts toward the entry's length as kept, links as characters; sensitive is left out of the JSON when false")
    func warning() throws {
        let rule = LengthRule.standard
        var content = EntryContent(kind: .update, body: String(repeating: "a", count: 130), visibility: .public)
        content[line: .contentWarning] = "  Spoilers\nahead "
        #expect(content.warning == "Spoilers ahead")
        #expect(content.assessed(by: rule).weightedLength == 144)
        #expect(!content.assessed(by: rule).canPost)
        content[line: .contentWarning] = "https://example.com/" + String(repeating: "w", count: 40)
        #expect(content.assessed(by: rule).weightedLength == 130 + 60)
        #expect(ContentLine.shown == [.location], "the warning is shown in the text's place, not after it")

        let plain = String(decoding: try QwinkleJSON.encode(EntryContent(kind: .update, body: "Hi", visibility: .public)), as: UTF8.self)
        #expect(!plain.contains("sensitive"))
        let sensitive = EntryContent(kind: .update, body: "Hi", sensitive: true, visibility: .public)
        let written = try QwinkleJSON.encode(sensitive)
        #expect(String(decoding: written, as: UTF8.self).contains(#""sensitive":true"#))
        #expect(try QwinkleJSON.makeDecoder().decode(EntryContent.self, from: written) == sensitive)
    }

    @Test("Their warning and your sensitive photos merge; a change of sensitive on either side wins")
    func mergeWarningAndSensitive() {
        let base = EntryContent(kind: .update, body: "The end", visibility: .public)
        var theirs = base
        theirs[line: .contentWarning] = "Spoilers"
        var yours = base
        yours.sensitive = true
        let merge = EntryMerge(base: base, theirs: theirs, yours: yours)
        #expect(merge.isClean)
        #expect(merge.merged.warning == "Spoilers" && merge.merged.sensitive)
        #expect(EntryMerge(base: yours, theirs: base, yours: yours).merged.sensitive == false)
        #expect(EntryMerge(base: yours, theirs: yours, yours: base).merged.sensitive == false)
        #expect(EntryMerge(base: base, theirs: base, yours: base).merged.sensitive == false)
    }
}
