/// Watches for the end of one token (revoked, its session logged out or deleted, its password changed): for a
/// connection that outlives the requests it started with, such as the streaming WebSocket, whose later commands
/// must not act on a grant that has ended.
///
/// Start it before the token's grant is first read, so that an end between the two is not missed.
public struct TokenRevocationWatch: Sendable {
    /// The hash the token's `signedOut` event names.
    let tokenHash: String
    /// What is watched.
    let subscription: EntrySubscription

    /// Watches `token` on `events`, with a heartbeat every `heartbeat`.
    public init(token: String, events: any EntryEventBus, heartbeat: Duration) {
        tokenHash = TokenIssuer.hash(token)
        subscription = events.subscribe(heartbeat: heartbeat)
    }

    /// Waits until the token ends: `true` when it did, `false` when the watch was finished first. At each heartbeat
    /// `stillValid` is asked too, so that an event lost from a full buffer ends the wait at the next heartbeat.
    public func ended(stillValid: @Sendable () async -> Bool) async -> Bool {
        for await message in subscription.messages {
            switch message {
            case .event(.signedOut(let hash)) where hash == tokenHash: return true
            case .event: continue
            case .heartbeat: if await !stillValid() { return true }
            }
        }
        return false
    }

    /// Ends the watch.
    public func finish() {
        subscription.finish()
    }
}
