import Foundation
import QwinkleClient
import QwinkleKit

/// A thread screen's whole model, one value: the entries above the one opened, that entry, the replies below it
/// loaded so far in reply order, and where the next page of replies starts. The table is updated from a diff of one
/// value and the next, as a timeline's is.
struct ThreadModel: Equatable, Sendable {
    /// The entry the thread was opened on, once loaded.
    var focus: TimelineEntry?
    /// The entries above it that the viewer may read, the thread's first entry first.
    var ancestors: [TimelineEntry] = []
    /// The replies below it loaded so far, each followed by its own.
    var replies: [ThreadReply] = []
    /// The next page of replies, if there is one.
    var nextCursor: String?
    /// Why the thread could not be loaded, if it could not.
    var failure: String?

    /// Whether the first page has come.
    var isLoaded: Bool { focus != nil }

    /// The rows the table shows, top to bottom.
    var rows: [ThreadRow] {
        ancestors.map { ThreadRow(entry: $0, place: .above) }
            + (focus.map { [ThreadRow(entry: $0, place: .opened)] } ?? [])
            + replies.map { ThreadRow(entry: $0.entry, place: .below(depth: $0.depth)) }
    }

    /// Shows a first page, replacing whatever was shown.
    mutating func show(_ page: ThreadPage) {
        focus = page.thread.entry
        ancestors = page.thread.ancestors
        replies = page.thread.replies
        nextCursor = page.nextCursor
        failure = nil
    }

    /// Adds the next page of replies below, leaving out any already shown.
    mutating func appendPage(_ page: ThreadPage) {
        let shown = Set(replies.map(\.id))
        replies += page.thread.replies.filter { !shown.contains($0.id) }
        nextCursor = page.nextCursor
    }

    /// A reply just posted to `parent`: counted on its parent, and shown under it, after the parent's other replies,
    /// where the thread shows replies to that parent. One whose place is on a page not loaded yet comes with that page;
    /// one to an entry above the opened one belongs to another thread than the one shown.
    mutating func insert(_ reply: TimelineEntry, answering parent: Entry.ID) {
        update(parent) { $0.replyCount += 1 }
        let depth: Int
        let after: Int
        if focus?.id == parent {
            (depth, after) = (1, replies.endIndex)
        } else if let index = replies.firstIndex(where: { $0.id == parent }) {
            depth = replies[index].depth + 1
            after = replies[(index + 1)...].firstIndex { $0.depth < depth } ?? replies.endIndex
        } else {
            return
        }
        guard after < replies.endIndex || nextCursor == nil, !replies.contains(where: { $0.id == reply.id }) else { return }
        replies.insert(ThreadReply(entry: reply, depth: depth), at: after)
    }

    /// Replaces an entry wherever it is shown with a newer value of it (marked, edited).
    mutating func replace(_ entry: TimelineEntry) {
        update(entry.id) { $0 = entry }
    }

    /// Changes the entry `id` wherever it is shown.
    private mutating func update(_ id: Entry.ID, _ change: (inout TimelineEntry) -> Void) {
        if focus?.id == id, var entry = focus {
            change(&entry)
            focus = entry
        }
        if let index = ancestors.firstIndex(where: { $0.id == id }) { change(&ancestors[index]) }
        if let index = replies.firstIndex(where: { $0.id == id }) { change(&replies[index].entry) }
    }
}

/// One row of a thread screen: an entry and where it stands in the thread.
struct ThreadRow: Hashable, Identifiable, Sendable {
    /// Where a row stands.
    enum Place: Hashable, Sendable {
        /// Above the opened entry: one it answers, directly or not.
        case above
        /// The entry the thread was opened on.
        case opened
        /// A reply below it, `depth` levels down.
        case below(depth: Int)
    }

    /// The entry.
    var entry: TimelineEntry
    /// Where it stands.
    var place: Place

    /// The entry's ID: a row is its entry, wherever it moves.
    var id: Entry.ID { entry.id }

    /// How many columns the row is indented: two a level, up to four levels, as the web app's thread indents.
    var indent: Int {
        guard case .below(let depth) = place else { return 0 }
        return 2 * min(depth, ThreadRow.deepestIndent)
    }

    /// The deepest level that is indented further; deeper replies line up with it and say whom they answer.
    static let deepestIndent = 4
}
