import Foundation
import QwinkleKit
import QwinkleStorage

extension FederationService {
    /// Keeps a note from elsewhere addressed to named people alone (a direct message) as a private message from its
    /// author to those of `recipients` it may reach: in the conversation of exactly those people, as a message sent
    /// here would be. Someone who blocks the author, or the author's server, is not written to, nor is someone a
    /// limited author is out of reach of; with nobody left, nothing is kept. `activityID`, when the note came in an
    /// activity, is remembered so that a retry sends nothing twice.
    public func receiveMessage(_ note: IncomingNote, to recipients: [Account], activityID: String?) async throws -> IncomingOutcome {
        guard !recipients.isEmpty else { return try await setAside(activityID) }
        var author = try await storage.remoteAccount(actorURL: note.authorURL)
        if author == nil { author = try await context.remote?.account(actorURL: note.authorURL) }
        guard let author else { return .authorUnavailable }
        guard author.standing != .suspended else { return try await setAside(activityID) }
        var reached: Set<Account.ID> = []
        for recipient in recipients where recipient.isLocal && recipient.standing != .suspended {
            let viewer = try await context.viewer(for: recipient)
            if !viewer.relations.isBlocked(author.id), !Policy.isOutOfReach(author.id, viewer: viewer) { reached.insert(recipient.id) }
        }
        guard !reached.isEmpty else { return try await setAside(activityID) }
        if let activityID, try await !isFirstTime(activityID: activityID) { return .repeated }
        let body = note.body.isEmpty ? "(an empty message)" : note.body
        _ = try await storage.sendMessage(NewMessage(sender: author.id, recipients: reached, body: body, photos: [], createdAt: context.clock.now()))
        context.metrics.messageSent()
        for recipient in reached { context.events.publish(.notified(recipient)) }
        return .messaged
    }
}
