import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// One event of Mastodon's streaming API: its name (`update`, `status.update`, `delete`, `notification`) and its
/// payload (an entity's JSON, or a status ID), for the streams it belongs to.
struct MastodonStreamEvent: Sendable {
    var stream: [String]
    var event: String
    var payload: String
}

/// A stream of Mastodon's streaming API (`user`, `user:notification`, `public`, `public:local`, `hashtag`…), over
/// Qwinkle's live timelines and notifications: each event they publish is judged by the same policy as the
/// timelines', then written as Mastodon's events.
struct MastodonStream: Sendable {
    /// The stream's name and, for a tag's, the tag: `["hashtag", "coffee"]`.
    let name: [String]
    /// The timeline it follows, if any.
    let timeline: LiveTimeline?
    /// The notifications it follows, if any.
    let notifications: LiveNotifications?
    /// The conversations it follows (the `direct` stream).
    let conversations: MastodonConversationWatch?
    /// The subscription it reads: the one every source was judged for.
    let subscription: EntrySubscription
    /// The mapping of the request that opened it.
    let mapping: MastodonMapping
    /// The services, to count a status's author.
    let services: Services
    /// Whether it is read by a signed-in account, which statuses then say (`favourited`).
    let signedIn: Bool

    /// What went wrong opening a stream, in Mastodon's words.
    struct Refusal: Error {
        let message: String
    }

    /// Opens the stream `kind` (with `tag` for a tag's) for the caller; `token` is the one it was opened with, whose
    /// revocation ends it.
    static func open(
        _ kind: String, tag: String?, caller: MastodonCaller, token: String?, services: Services, mapping: MastodonMapping, heartbeat: Duration
    ) async throws -> MastodonStream {
        let tokenHash = token.map(TokenIssuer.hash)
        var timeline: LiveTimeline?
        var notifications: LiveNotifications?
        var conversations: Account?
        var name = [kind]
        var account: Account?
        switch kind {
        case "user":
            let me = try caller.account(needing: "read:statuses")
            account = me
            timeline = try await services.timelines.live(.home(viewer: me.id), account: me, tokenHash: tokenHash, since: nil, heartbeat: heartbeat)
            notifications = try await services.notifications.live(for: me, tokenHash: tokenHash, since: nil, heartbeat: heartbeat)
        case "user:notification":
            let me = try caller.account(needing: "read:notifications")
            account = me
            notifications = try await services.notifications.live(for: me, tokenHash: tokenHash, since: nil, heartbeat: heartbeat)
        case "public", "public:local", "public:media", "public:local:media":
            account = try caller.optionalAccount(needing: "read:statuses")
            timeline = try await services.timelines.live(.everyonePublic, account: account, tokenHash: tokenHash, since: nil, heartbeat: heartbeat)
        case "public:remote", "public:remote:media":
            // Every account is this server's until federation: this stream has nothing to tell.
            account = try caller.optionalAccount(needing: "read:statuses")
        case "direct":
            let me = try caller.account(needing: "read:statuses")
            account = me
            conversations = me
        case "hashtag", "hashtag:local":
            account = try caller.optionalAccount(needing: "read:statuses")
            guard let tag = tag.flatMap(Tag.parse) else { throw Refusal(message: "No such hashtag") }
            name.append(tag)
            timeline = try await services.timelines.live(.tag(tag), account: account, tokenHash: tokenHash, since: nil, heartbeat: heartbeat)
        default:
            throw Refusal(message: "Unknown stream type")
        }
        // One subscription is read; the other source's verdicts are asked of the same events.
        let subscription: EntrySubscription
        if let timeline {
            subscription = timeline.subscription
            notifications?.subscription.finish()
        } else if let notifications {
            subscription = notifications.subscription
        } else {
            subscription = services.context.events.subscribe(heartbeat: heartbeat)
        }
        var watch: MastodonConversationWatch?
        if let conversations { watch = try await MastodonConversationWatch.open(for: conversations, tokenHash: tokenHash, services: services) }
        return MastodonStream(
            name: name, timeline: timeline, notifications: notifications, conversations: watch, subscription: subscription, mapping: mapping,
            services: services, signedIn: account != nil
        )
    }

    /// The events one published event makes on this stream; `nil` when the stream ends (its token was revoked).
    func events(for event: EntryEvent) async throws -> [MastodonStreamEvent]? {
        var events: [MastodonStreamEvent] = []
        if let timeline {
            switch try await timeline.verdict(on: event) {
            case .entry(let shown): events.append(try await statusEvent("update", shown))
            case .update(let shown): events.append(try await statusEvent("status.update", shown))
            case .remove(let id): events.append(MastodonStreamEvent(stream: name, event: "delete", payload: id.rawValue))
            // Mastodon's streams have no such event: its apps drop a blocked or muted person's statuses themselves.
            case .hide, .skip: break
            case .end: return nil
            }
        }
        if let notifications {
            switch try await notifications.verdict(on: event) {
            case .notifications(let groups, _):
                let counts = try await services.accounts.counts(of: groups.flatMap { $0.actors + ($0.entry.map { [$0.author] } ?? []) })
                for group in groups {
                    guard let notification = mapping.notification(group, counts: counts) else { continue }
                    events.append(MastodonStreamEvent(stream: name, event: "notification", payload: try Self.text(notification)))
                }
            case .skip: break
            case .end: return nil
            }
        }
        if let conversations {
            guard let changed = try await conversations.changed(by: event) else { return nil }
            let counts = try await services.accounts.counts(of: changed.flatMap { Array($0.accounts.values) })
            for shown in changed {
                let conversation = mapping.conversation(shown, reader: conversations.reader.id, counts: counts)
                events.append(MastodonStreamEvent(stream: name, event: "conversation", payload: try Self.text(conversation)))
            }
        }
        return events
    }

    /// Ends the stream's subscriptions.
    func finish() {
        subscription.finish()
        notifications?.subscription.finish()
    }

    private func statusEvent(_ name: String, _ shown: TimelineEntry) async throws -> MastodonStreamEvent {
        let counts = try await services.accounts.counts(of: [shown.author] + (shown.sharedBy.map { [$0.account] } ?? []))
        return MastodonStreamEvent(stream: self.name, event: name, payload: try Self.text(mapping.item(shown, counts: counts, signedIn: signedIn)))
    }

    /// An entity as one line of Mastodon's JSON.
    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try MastodonJSON.encode(value), as: UTF8.self)
    }
}
