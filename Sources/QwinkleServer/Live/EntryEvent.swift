import QwinkleKit

/// A write to an entry that open event streams may have to show, told after the write succeeded.
///
/// Each case carries the entry itself, so every stream can judge with the same rules as a timeline whether its
/// viewer sees it, without reading it back.
enum EntryEvent: Hashable, Sendable {
    /// A new entry was stored (never an idempotent replay, which stores nothing).
    case created(Entry)
    /// An entry was edited or restored to an earlier revision: as it was, and as it is now.
    case updated(before: Entry, after: Entry)
    /// An entry was deleted; as it was.
    case deleted(Entry)
}
