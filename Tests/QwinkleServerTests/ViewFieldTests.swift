import Foundation
import Mustache
import QwinkleKit
import Testing

@testable import QwinkleServer

/// The views that name their fields for the template engine must name every field, with the value a `Mirror` finds
/// (what the engine would otherwise use), and nothing else.
@Suite("Views name their fields for templates")
struct ViewFieldTests {
    /// A dream with two photos by someone with an avatar, and a plain update (a reply to the dream) by someone
    /// without, so every optional field is seen both set and missing.
    private static func entries() throws -> [EntryView] {
        let time = Date(timeIntervalSince1970: 1_795_253_400)
        let abe = Account(id: Account.ID(integer: 1), username: "abe", displayName: "Abe", avatar: Photo.ID(integer: 9), createdAt: time)
        let mary = Account(id: Account.ID(integer: 2), username: "mary", createdAt: time)
        let dream = Entry(
            id: Entry.ID(integer: 10), author: abe.id,
            content: EntryContent(kind: .dream(DreamDetails(creature: .shark, effects: [.fireflies], numberOfCreatures: try #require(CreatureCount(3)))), body: "Sharks with https://example.com", photos: [AttachedPhoto(id: Photo.ID(integer: 7), alt: "A fin")], visibility: .journal, lines: [.location: "The harbour"]), revision: 2, createdAt: time, editedAt: time
        )
        let update = Entry(id: Entry.ID(integer: 11), author: mary.id, content: EntryContent(kind: .update, body: "Hi", visibility: .public), createdAt: time)
        return [
            EntryView(TimelineEntry(entry: dream, author: abe, marked: true), viewer: abe),
            EntryView(TimelineEntry(entry: update, author: mary, marked: false, reply: .to(parent: dream.id, author: abe), replyCount: 2), viewer: abe),
            EntryView(
                TimelineEntry(entry: update, author: mary, marked: false, sharedBy: EntryShare(id: 12, account: abe), originalURL: "https://far.example/n/1"),
                viewer: abe
            ),
        ]
    }

    /// Checks that `view` answers every field name its `Mirror` has, with the same value (a missing optional as
    /// `nil`, as the engine's own lookup unwraps it), and no other name.
    private func expectSameAsMirror(_ view: some MustacheParent, sourceLocation: SourceLocation = #_sourceLocation) {
        let fields = Mirror(reflecting: view).children.compactMap { child in child.label.map { ($0, child.value) } }
        #expect(!fields.isEmpty, sourceLocation: sourceLocation)
        for (name, value) in fields {
            let mirrored = Mirror(reflecting: value)
            let expected: Any? = mirrored.displayStyle == .optional ? mirrored.children.first?.value : value
            #expect(
                view.child(named: name).map { String(reflecting: $0) } == expected.map { String(reflecting: $0) },
                "\(type(of: view)).\(name)", sourceLocation: sourceLocation
            )
        }
        #expect(view.child(named: "noSuchField") == nil, sourceLocation: sourceLocation)
    }

    @Test("An entry, its photos, its dream and its author name every field as the Mirror has it")
    func entryViews() throws {
        let views = try Self.entries()
        for view in views {
            expectSameAsMirror(view)
            expectSameAsMirror(view.author)
            view.photos.forEach { expectSameAsMirror($0) }
            view.lines.forEach { expectSameAsMirror($0) }
            view.dream.map { expectSameAsMirror($0) }
            view.replyingTo.map { expectSameAsMirror($0) }
            view.sharedBy.map { expectSameAsMirror($0) }
            view.original.map { expectSameAsMirror($0) }
        }
        #expect(views.contains { $0.sharedBy != nil && $0.original != nil })
        #expect(views.contains { $0.replyingTo != nil && $0.repliesText != nil })
        #expect(views.contains { $0.dream != nil && !$0.photos.isEmpty && $0.author.avatarURL != nil })
        #expect(views.contains { $0.dream == nil && $0.photos.isEmpty && $0.author.avatarURL == nil })
    }

    @Test("A timeline page, the layout and its navigation name every field as the Mirror has it")
    func pageViews() throws {
        let me = Account(id: Account.ID(integer: 1), username: "abe", createdAt: Date(timeIntervalSince1970: 0))
        for account in [me, nil] {
            let visit = WebVisit(
                target: "/home", token: account.map { _ in "token" }, account: account, nonce: "nonce", isNewNonce: false,
                clearsSession: false, isSecure: false
            )
            let site = SiteView(title: "Home", visit: visit, section: "/home", scripts: ["live.js"])
            for (entries, next) in [(try Self.entries(), "/home?max_id=10"), ([], nil)] {
                let content = WebApp.TimelineContent(
                    heading: "Home", welcome: false, entries: entries, nextURL: next, stream: next.map { _ in "home" },
                    emptyText: "Nothing yet.", isJournal: false
                )
                let page = PageView(site: site, page: content)
                expectSameAsMirror(page)
                expectSameAsMirror(site)
                expectSameAsMirror(content)
                site.nav.forEach { expectSameAsMirror($0) }
            }
        }
    }

    @Test("An entry's time reads as Foundation's formatter writes it, whatever the day")
    func timeText() {
        var generator = SystemRandomNumberGenerator()
        let seconds: [TimeInterval] = [0, 951_782_400, 1_795_253_400, 253_402_300_799, -12_219_292_800, -62_135_596_800]
            + (0..<2_000).map { _ in TimeInterval(Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator)) }
        for second in seconds {
            let date = Date(timeIntervalSince1970: second + 0.5)
            #expect(EntryView.timeText(date) == EntryView.formattedTimeText(date), "\(second)")
        }
    }
}
