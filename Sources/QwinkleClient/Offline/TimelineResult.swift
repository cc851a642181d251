import Foundation
import QwinkleKit

/// A timeline as `TimelineCache` found it: fresh from the server, or the copy last seen when the server could not
/// be reached.
public enum TimelineResult: Equatable, Sendable {
    /// Fetched just now; the cache holds it from now on. The entries are as the cache holds them (times to the
    /// millisecond), so a later stale copy of this fetch equals them.
    case fresh(Page<TimelineEntry>, fetchedAt: Date)
    /// The server could not be reached (`reason`); these are the entries last fetched, which may be out of date.
    case stale(CachedTimeline, reason: QwinkleError)

    /// The entries to show, newest first.
    public var entries: [TimelineEntry] {
        switch self {
        case .fresh(let page, _): page.items
        case .stale(let cached, _): cached.entries
        }
    }

    /// When the entries were fetched from the server.
    public var fetchedAt: Date {
        switch self {
        case .fresh(_, let fetchedAt): fetchedAt
        case .stale(let cached, _): cached.fetchedAt
        }
    }

    /// Whether the entries are a copy from an earlier fetch, to be shown as such.
    public var isStale: Bool {
        if case .stale = self { true } else { false }
    }
}
