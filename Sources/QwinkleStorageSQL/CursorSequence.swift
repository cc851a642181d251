/// A sequence whose numbers are page or catch-up cursors.
///
/// In PostgreSQL a transaction draws its number when it inserts and others see it when it commits, so numbers can
/// become visible out of order: a reader that has seen 8 could later meet 7, and a page or a catch-up `since` 8
/// would skip it. So a transaction that draws from such a sequence first takes that sequence's advisory lock, held
/// until it commits: numbers are then drawn and committed in one order, and whatever a reader sees, nothing below
/// it can appear later. Only writers of one sequence wait for each other, for as long as one commit takes.
public enum CursorSequence: Int32, Sendable {
    /// The schema's migrations (not a sequence: the lock makes servers starting together migrate once).
    case migrations = 0
    /// Entries: timelines and live catch-up.
    case entries = 1
    /// Follows: the followers and following pages.
    case follows = 2
    /// Marks: the marked timeline.
    case marks = 3
    /// The trash's deletions: its pages.
    case trash = 4
    /// Messages: a conversation's pages.
    case messages = 5
    /// Notifications: their pages and a stream's catch-up. Always taken last, after the lock of the write that
    /// causes one, so two writers never wait for each other's locks in opposite orders.
    case notifications = 6
    /// Blocks and mutes: their pages.
    case blocks = 7
}
