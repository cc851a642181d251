import QwinkleKit

extension EntryService {
    /// What a reader does to an entry they may read, each undone by its opposite: every front door offers the same
    /// eight, and does each through `react`. Only an entry's author pins it (`Policy.pinProblem`).
    public enum Reaction: String, CaseIterable, Sendable {
        case mark, unmark, bookmark, unbookmark, share, unshare, pin, unpin
    }

    /// Does `reaction` to the entry as `account`, and answers the entry as they are shown it now.
    public func react(_ reaction: Reaction, to id: String, by account: Account) async throws -> TimelineEntry {
        switch reaction {
        case .mark: try await mark(id: id, by: account)
        case .unmark: try await unmark(id: id, by: account)
        case .bookmark: try await bookmark(id: id, by: account)
        case .unbookmark: try await unbookmark(id: id, by: account)
        case .share: try await share(id: id, by: account)
        case .unshare: try await unshare(id: id, by: account)
        case .pin: try await pin(id: id, by: account)
        case .unpin: try await unpin(id: id, by: account)
        }
    }
}
