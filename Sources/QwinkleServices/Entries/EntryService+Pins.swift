import QwinkleKit
import QwinkleStorage

extension EntryService {
    /// How many entries a profile may feature: Mastodon's number, which its apps expect.
    public static let maxPins = 5

    /// Pins one of the account's own entries to the top of its profile (`Policy.pinProblem`); pinning twice is
    /// pinning once. Past `maxPins`, refused until one is unpinned. Followers elsewhere are told (an `Add` to the
    /// `featured` collection).
    public func pin(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        let entry = try await readable(id: id, viewer: viewer)
        if let problem = Policy.pinProblem(entry, by: account.id) { throw ServiceError.invalid(field: "id", problem) }
        do {
            switch try await storage.pin(entry.id, by: account.id, at: context.clock.now(), limit: Self.maxPins) {
            case .pinned: try await context.remote?.pinned(entry, by: account)
            case .alreadyPinned: break
            case .atLimit:
                throw ServiceError.unprocessable(
                    code: "too_many_pins", message: "You have pinned \(Self.maxPins) entries already: unpin one to pin another."
                )
            }
        } catch StorageError.notFound {
            // Deleted between the read and the pin.
            throw ServiceError.notFound("The entry \(id)")
        }
        return try await shown(entry, viewer: viewer)
    }

    /// Takes an entry off its author's profile (followers elsewhere are told, a `Remove`); unpinning what is not
    /// pinned changes nothing.
    public func unpin(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        let entry = try await readable(id: id, viewer: viewer)
        if try await storage.unpin(entry.id, by: account.id) { try await context.remote?.unpinned(entry, by: account) }
        return try await shown(entry, viewer: viewer)
    }
}
