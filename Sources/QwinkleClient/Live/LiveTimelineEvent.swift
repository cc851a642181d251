import QwinkleKit

/// What a live timeline sends as it happens.
public enum LiveTimelineEvent: Hashable, Sendable {
    /// A new entry the timeline would show.
    case created(TimelineEntry)
    /// An entry it shows was edited or restored.
    case updated(TimelineEntry)
    /// An entry it showed was deleted, or hidden by an edit.
    case deleted(Entry.ID)
    /// A block or a mute just hid these people (usernames): every entry of theirs goes.
    case hidden(authors: Set<String>)
}
