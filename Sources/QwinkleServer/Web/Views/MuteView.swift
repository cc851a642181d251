import Foundation
import QwinkleKit

/// A mute as a person's page shows it.
struct MuteView: Sendable {
    /// "until 7 Dec 2026 at 14:00", or nil for a mute without an end.
    let until: String?
    /// Whether their notifications are hidden too.
    let notifications: Bool

    init(_ mute: Mute) {
        until = mute.expiresAt.map { "until " + $0.formatted(date: .abbreviated, time: .shortened) }
        notifications = mute.notifications
    }

    /// A length a mute may be given, as the form offers it.
    struct Length: Sendable {
        let seconds: Int
        let label: String
    }

    /// The lengths the mute form offers; 0 is a mute without an end.
    static let lengths = [
        Length(seconds: 0, label: "Until I unmute"), Length(seconds: 3_600, label: "1 hour"), Length(seconds: 86_400, label: "1 day"),
        Length(seconds: 7 * 86_400, label: "7 days"), Length(seconds: 30 * 86_400, label: "30 days"),
    ]
}
