import QwinkleKit

/// What became of a new entry: posted now, or waiting for the time it names.
public enum Posting: Sendable {
    /// Posted, as its author is shown it.
    case posted(TimelineEntry)
    /// Waiting to be posted at its time.
    case scheduled(ScheduledEntry)
}
