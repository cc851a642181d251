import Foundation
import QwinkleKit

/// Where an account has read a timeline up to, as Mastodon apps keep it (`/api/v1/markers`), so that another app, or
/// the same one on another device, opens where the last one left off.
public protocol ReadMarkerStore: Sendable {
    /// The account's marker of a timeline; `nil` before any was saved.
    func readMarker(of account: Account.ID, timeline: ReadMarker.Timeline) async throws -> ReadMarker?
    /// Saves the account's marker of a timeline, one version newer than the one it replaces (the first is version 1).
    func saveReadMarker(of account: Account.ID, timeline: ReadMarker.Timeline, lastReadID: String, at date: Date) async throws -> ReadMarker
}

/// A timeline's read position.
public struct ReadMarker: Hashable, Sendable {
    /// The timelines a marker is kept for.
    public enum Timeline: String, CaseIterable, Hashable, Sendable {
        /// The home timeline.
        case home
        /// The notifications.
        case notifications
    }

    /// The ID of the last item read.
    public var lastReadID: String
    /// How many times it was saved.
    public var version: Int
    /// When it was saved last.
    public var updatedAt: Date

    /// Describes a marker.
    public init(lastReadID: String, version: Int, updatedAt: Date) {
        self.lastReadID = lastReadID
        self.version = version
        self.updatedAt = updatedAt
    }
}
