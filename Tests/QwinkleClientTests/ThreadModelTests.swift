import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI
import Testing

@testable import QwinkleCLI

/// The terminal app's thread screen: what it shows and where a reply posted from it goes.
@Suite struct ThreadModelTests {
    private static let time = Date(timeIntervalSince1970: 1_795_253_400)
    private static let abe = Account(id: Account.ID(integer: 1), username: "abe", createdAt: time)

    /// Entry `id`, saying `body`.
    private static func entry(_ id: Int64, _ body: String = "", replies: Int = 0) -> TimelineEntry {
        let entry = Entry(id: Entry.ID(integer: id), author: abe.id, content: EntryContent(kind: .update, body: body.isEmpty ? "Entry \(id)" : body, visibility: .public), createdAt: time)
        return TimelineEntry(entry: entry, author: abe, marked: false, replyCount: replies)
    }

    /// A thread opened on 2, which answers 1; its replies 3 (with 4 below it, and 5 below that) and 6.
    private static func model(nextCursor: String? = nil) -> ThreadModel {
        var model = ThreadModel()
        let thread = EntryThread(
            entry: entry(2, replies: 2), ancestors: [entry(1, replies: 1)],
            replies: [ThreadReply(entry: entry(3, replies: 1), depth: 1), ThreadReply(entry: entry(4, replies: 1), depth: 2),
                      ThreadReply(entry: entry(5), depth: 3), ThreadReply(entry: entry(6), depth: 1)]
        )
        model.show(ThreadPage(thread: thread, nextCursor: nextCursor))
        return model
    }

    /// The rows' entry IDs and depths (0 above, "o" for the opened entry), top to bottom.
    private static func shape(_ model: ThreadModel) -> [String] {
        model.rows.map { row in
            switch row.place {
            case .above: "\(row.id.rawValue)^"
            case .opened: "\(row.id.rawValue)o"
            case .below(let depth): "\(row.id.rawValue)/\(depth)"
            }
        }
    }

    @Test("The thread reads as what the entry answers, the entry, then its replies in reply order")
    func rows() {
        #expect(Self.shape(Self.model()) == ["1^", "2o", "3/1", "4/2", "5/3", "6/1"])
    }

    @Test("A reply posted goes after its parent's other replies, one level deeper, and its parent counts it")
    func insertsInPlace() {
        var model = Self.model()
        model.insert(Self.entry(7, "To three"), answering: Entry.ID(integer: 3))
        #expect(Self.shape(model) == ["1^", "2o", "3/1", "4/2", "5/3", "7/2", "6/1"])
        #expect(model.replies.first { $0.id == Entry.ID(integer: 3) }?.entry.replyCount == 2)
        model.insert(Self.entry(8, "To the entry"), answering: Entry.ID(integer: 2))
        #expect(Self.shape(model).last == "8/1")
        #expect(model.focus?.replyCount == 3)
        model.insert(Self.entry(9, "To five"), answering: Entry.ID(integer: 5))
        #expect(Self.shape(model) == ["1^", "2o", "3/1", "4/2", "5/3", "9/4", "7/2", "6/1", "8/1"])
        // Posting the same reply twice (its screen and the thread both hear of it) shows it once.
        model.insert(Self.entry(9, "To five"), answering: Entry.ID(integer: 5))
        #expect(Self.shape(model).filter { $0.hasPrefix("9/") }.count == 1)
    }

    @Test("A reply whose place is on a page not loaded yet waits for that page; one above the entry is only counted")
    func notShownYet() {
        var model = Self.model(nextCursor: "6")
        model.insert(Self.entry(7), answering: Entry.ID(integer: 2))
        model.insert(Self.entry(8), answering: Entry.ID(integer: 6))
        #expect(Self.shape(model) == ["1^", "2o", "3/1", "4/2", "5/3", "6/1"])
        #expect(model.focus?.replyCount == 3)
        model.insert(Self.entry(9), answering: Entry.ID(integer: 1))
        #expect(model.ancestors.first?.replyCount == 2)
        #expect(Self.shape(model).count == 6)
        // Inside what is loaded it is shown, even with more pages to come.
        model.insert(Self.entry(10), answering: Entry.ID(integer: 4))
        #expect(Self.shape(model) == ["1^", "2o", "3/1", "4/2", "5/3", "10/3", "6/1"])
    }

    @Test("A next page adds the replies not shown yet, and a changed entry is changed wherever it is")
    func pagesAndChanges() {
        var model = Self.model(nextCursor: "6")
        let next = EntryThread(entry: Self.entry(2), ancestors: [], replies: [ThreadReply(entry: Self.entry(6), depth: 1), ThreadReply(entry: Self.entry(11), depth: 1)])
        model.appendPage(ThreadPage(thread: next, nextCursor: nil))
        #expect(Self.shape(model) == ["1^", "2o", "3/1", "4/2", "5/3", "6/1", "11/1"])
        #expect(model.nextCursor == nil)
        var marked = Self.entry(4)
        marked.marked = true
        model.replace(marked)
        #expect(model.rows.first { $0.id == marked.id }?.entry.marked == true)
    }

    @Test("Rows are indented two columns a level, no deeper than four levels, and the opened entry is marked")
    func cells() {
        let deep = ThreadRow(entry: Self.entry(5, "Deep"), place: .below(depth: 7))
        let cell = deep.cell(width: 40, now: Self.time)
        #expect(cell.lines.allSatisfy { $0.plainText.hasPrefix("        ") && !$0.plainText.hasPrefix("         ") })
        #expect(cell.lines[0].plainText.hasPrefix("        @abe"))
        let opened = ThreadRow(entry: Self.entry(2), place: .opened).cell(width: 40, now: Self.time)
        #expect(opened.lines[0].plainText.hasPrefix("▶ @abe"))
        #expect(ThreadRow(entry: Self.entry(1), place: .above).cell(width: 40, now: Self.time).lines[0].plainText.hasPrefix("@abe"))
    }
}
