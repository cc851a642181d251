import Foundation
import QwinkleKit

/// A timeline's first page as last fetched from the server.
public struct CachedTimeline: Hashable, Sendable {
    /// The entries, newest first, as the server sent them.
    public var entries: [TimelineEntry]
    /// When they were fetched (to the millisecond).
    public var fetchedAt: Date

    /// Describes a cached page.
    public init(entries: [TimelineEntry], fetchedAt: Date) {
        self.entries = entries
        self.fetchedAt = fetchedAt
    }
}
