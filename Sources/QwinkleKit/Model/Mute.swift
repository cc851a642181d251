import Foundation

/// How one account mutes another: the muted person's entries are kept from the muter's lists (not from their
/// profile, nor from a link to one), and, if the muter chose, so are their notifications. Nobody else, the muted
/// person included, can tell.
public struct Mute: Hashable, Sendable, Codable {
    /// Whether the muted person's notifications (mentions, marks, follows) are hidden too.
    public var notifications: Bool
    /// When the mute ends by itself; `nil` for one that lasts until it is lifted.
    public var expiresAt: Date?

    enum CodingKeys: String, CodingKey {
        case notifications
        case expiresAt = "expires_at"
    }

    /// Describes a mute.
    public init(notifications: Bool = true, expiresAt: Date? = nil) {
        self.notifications = notifications
        self.expiresAt = expiresAt
    }

    /// Whether the mute still holds at `date`.
    public func holds(at date: Date) -> Bool {
        expiresAt.map { $0 > date } ?? true
    }

    /// The longest a mute with an end may last: a year, as a mute meant for longer is one without an end.
    public static let longestDuration: TimeInterval = 366 * 24 * 60 * 60
}
