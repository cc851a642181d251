import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// People of other servers, found and kept here as accounts, and what this server's people do with them sent to
/// their servers through the delivery queue: follows and their ends, marks and theirs.
public struct RemoteAccounts: RemoteDirectory {
    /// The server's public origin.
    let origin: FederationOrigin
    /// Where remote accounts and the delivery queue are kept.
    let federation: FederationService
    /// The time now.
    let clock: ServiceClock
    /// What fetches from other servers.
    let fetcher: RemoteFetcher
    /// The server's own actor, which signs the fetches of actors.
    let serverActor: ServerActor
    /// Where the avatars of people elsewhere are kept, as the server's own photos.
    let photos: PhotoService

    /// The most an avatar of a person elsewhere may weigh, as Mastodon's limit for avatars.
    static let maxAvatarBytes = 2 << 20
    /// The most a picture attached to a note elsewhere may weigh, as Mastodon's limit for images.
    static let maxPictureBytes = 16 << 20
    /// The most the copies of other servers' pictures kept here may weigh in all: beyond it, the oldest are evicted
    /// (fetched again when read).
    let pictureCacheBytes: Int

    /// The directory of the server at `origin`, keeping what it finds in `context`'s storage (avatars' bytes in
    /// `photoBytes`), fetching with `fetcher`.
    /// `pictureCacheBytes` is the most the copies of other servers' pictures may weigh in all.
    public init(
        origin: FederationOrigin, context: ServiceContext, fetcher: RemoteFetcher, photoBytes: any PhotoBytesStore, pictureCacheBytes: Int = 1 << 30
    ) {
        self.origin = origin
        self.pictureCacheBytes = pictureCacheBytes
        federation = FederationService(context: context)
        clock = context.clock
        self.fetcher = fetcher
        serverActor = ServerActor(origin: origin, keys: ActorKeyService(context: context))
        photos = PhotoService(context: context, bytes: photoBytes)
    }

    /// The kept account, or the one WebFinger on the handle's host names, fetched and kept now.
    public func account(handle: String) async throws -> Account? {
        let handle = handle.lowercased()
        guard let at = handle.firstIndex(of: "@") else { return nil }
        let user = handle[..<at]
        let host = handle[handle.index(after: at)...]
        guard !user.isEmpty, !host.isEmpty, !host.contains("@"), !host.contains("/"), host != origin.domain else { return nil }
        if let kept = try await federation.keptAccount(handle: handle) { return kept }
        guard try await !federation.isBlocked(url: "https://\(host)/") else { return nil }
        // https first; http only where tests of servers on one machine allow private addresses.
        for scheme in fetcher.allowsPrivateAddresses ? ["https", "http"] : ["https"] {
            let resource = "acct:\(user)@\(host)".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""
            guard let links = try? await fetcher.document(at: "\(scheme)://\(host)/.well-known/webfinger?resource=\(resource)")["links"] as? [[String: Any]]
            else { continue }
            let actor = links.first { link in
                link["rel"] as? String == "self" && ((link["type"] as? String)?.contains("activity+json") == true || (link["type"] as? String)?.contains("ld+json") == true)
            }
            guard let href = actor?["href"] as? String else { return nil }
            return try await self.account(actorURL: href)
        }
        return nil
    }

    /// The account kept for the actor at `url`, or fetched (signed by the server's actor) and kept now.
    public func account(actorURL url: String) async throws -> Account? {
        try await account(actorURL: url, refresh: false)
    }

    /// The account kept for the actor at `url`, fetched (signed by the server's actor) and kept now if it is new or
    /// `refresh` asks; `nil` when it cannot be fetched or is not an actor with an inbox and a usable name.
    func account(actorURL url: String, refresh: Bool) async throws -> Account? {
        if !refresh, let kept = try await federation.keptAccount(actorURL: url) { return kept }
        guard !url.lowercased().hasPrefix(origin.base + "/"), try await !federation.isBlocked(url: url) else { return nil }
        let document: [String: Any]
        do {
            document = try await fetcher.document(at: url, signedBy: try await serverActor.signer())
        } catch {
            return nil
        }
        guard let actor = Self.actor(document, at: url) else { return nil }
        return try await withAvatar(try await federation.keep(actor), named: Self.iconURL(document))
    }

    /// The account with the avatar its actor names (`icon`), fetched when it names one not fetched before. One that
    /// cannot be fetched, weighs too much or is no photo leaves the account as it was, to be tried at the next
    /// refresh of the actor.
    private func withAvatar(_ account: Account, named icon: String?) async throws -> Account {
        guard let icon, WebAddress.isWeb(icon), try await federation.avatarSource(of: account.id) != icon else { return account }
        do {
            let bytes = try await fetcher.picture(at: icon, maxBytes: Self.maxAvatarBytes)
            return try await federation.keepAvatar(bytes, source: icon, of: account, photos: photos)
        } catch is RemoteFetchFailure {
            return account
        } catch ServiceError.unsupportedMediaType, ServiceError.unprocessable {
            return account
        }
    }

    /// The pictures among a note's attachments kept as its author's photos, as many as an entry holds: fetched
    /// through the fetcher (a web address that is no private one, within the weight limit) and judged by their
    /// bytes as any upload is. Anything else, or a picture that cannot be fetched or is no photo, is `nil`.
    public func photos(of attachments: [RemoteAttachment], by author: Account) async throws -> [AttachedPhoto?] {
        var kept: [AttachedPhoto?] = []
        var count = 0
        for attachment in attachments {
            guard attachment.mayBePicture, count < Entry.maxPhotos else {
                kept.append(nil)
                continue
            }
            do {
                let bytes = try await fetcher.picture(at: attachment.media.url, maxBytes: Self.maxPictureBytes)
                let stored = try await photos.upload(bytes, by: author, source: attachment.media.url)
                kept.append(AttachedPhoto(id: stored.photo.id, alt: attachment.media.description))
                count += 1
            } catch is RemoteFetchFailure {
                kept.append(nil)
            } catch ServiceError.unsupportedMediaType, ServiceError.unprocessable {
                kept.append(nil)
            }
        }
        if count > 0 { try await photos.evictFetched(beyond: pictureCacheBytes) }
        return kept
    }

    /// The picture at `url`, fetched again for a copy that was evicted.
    public func picture(at url: String) async -> [UInt8]? {
        try? await fetcher.picture(at: url, maxBytes: Self.maxPictureBytes)
    }

    /// The address of the picture an actor's `icon` names: a URL, an `Image` with a `url` (itself a URL or a `Link`),
    /// or a list of them, the first.
    public static func iconURL(_ document: [String: Any]) -> String? {
        var icon: Any? = document["icon"]
        if let list = icon as? [Any] { icon = list.first }
        if let url = icon as? String { return url }
        guard let image = icon as? [String: Any] else { return nil }
        var url: Any? = image["url"]
        if let list = url as? [Any] { url = list.first }
        return url as? String ?? (url as? [String: Any])?["href"] as? String
    }

    /// What is kept of an actor's document fetched from `url`: its ID must be that URL, it must have an inbox, and
    /// its `preferredUsername` must be a name a handle can hold.
    public static func actor(_ document: [String: Any], at url: String) -> RemoteActor? {
        guard ReceivedActivity.id(of: document) == url, let inbox = document["inbox"] as? String,
            let name = (document["preferredUsername"] as? String)?.lowercased(), (1...64).contains(name.count),
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) })
        else { return nil }
        let host = RemoteHost.authority(of: url)
        guard !host.isEmpty else { return nil }
        return RemoteActor(
            actorURL: url, handle: "\(name)@\(host)", displayName: String(((document["name"] as? String) ?? "").prefix(AccountService.maxDisplayName)),
            bio: String(RemoteHTML.text((document["summary"] as? String) ?? "").prefix(AccountService.maxBio)), inbox: inbox,
            sharedInbox: (document["endpoints"] as? [String: Any])?["sharedInbox"] as? String,
            // Only a web address is linked to: anything else in an href (`javascript:`) would run in a reader's page.
            profileURL: ReceivedActivity.id(of: document["url"]).flatMap { url in
                WebAddress.isWeb(url) ? url : nil
            },
            locked: document["manuallyApprovesFollowers"] as? Bool ?? false
        )
    }

    /// Queues a Follow for the account's inbox.
    public func followed(_ account: Account, by follower: Account) async throws {
        guard let actor = try await federation.actor(of: account.id) else { return }
        try await queue(follow(of: actor, by: follower), to: actor, by: follower)
    }

    /// Queues an Undo of the Follow.
    public func unfollowed(_ account: Account, by follower: Account) async throws {
        guard let actor = try await federation.actor(of: account.id) else { return }
        try await queue(undo(follow(of: actor, by: follower), to: actor), to: actor, by: follower)
    }

    /// Queues the Accept or the Reject of a follower's Follow for its inbox.
    public func answered(_ follower: RemoteFollower, of account: Account, approved: Bool) async throws {
        let follow = ActivityPubReferring(id: follower.followActivity, actor: follower.actorURL, object: origin.actorURL(account.username))
        let answer = approved
            ? try OutgoingActivities.accept(follow, by: account, inbox: follower.inbox, origin: origin)
            : try OutgoingActivities.reject(follow, by: account, inbox: follower.inbox, origin: origin)
        try await federation.queue.enqueue([answer], at: clock.now())
    }

    /// Queues a Block for the blocked person's server, which ends their follows either way there and hides each
    /// from the other.
    public func blocked(_ account: Account, by blocker: Account) async throws {
        guard let actor = try await federation.actor(of: account.id) else { return }
        try await queue(block(of: actor, by: blocker), to: actor, by: blocker)
    }

    /// Queues an Undo of the Block.
    public func unblocked(_ account: Account, by blocker: Account) async throws {
        guard let actor = try await federation.actor(of: account.id) else { return }
        try await queue(undo(block(of: actor, by: blocker), to: actor), to: actor, by: blocker)
    }

    /// Queues a Like of the entry's note for its author's inbox.
    public func marked(_ entry: Entry, by account: Account) async throws {
        guard let (like, actor) = try await like(of: entry, by: account) else { return }
        try await queue(like, to: actor, by: account)
    }

    /// Queues an Undo of the Like.
    public func unmarked(_ entry: Entry, by account: Account) async throws {
        guard let (like, actor) = try await like(of: entry, by: account) else { return }
        try await queue(undo(like, to: actor), to: actor, by: account)
    }

    /// Queues an Announce of the entry's note, public and to the sharer's followers, for the inboxes of their
    /// followers elsewhere and of the entry's author if they are elsewhere.
    public func shared(_ entry: Entry, activityID: String, by account: Account) async throws {
        guard let (announce, inboxes) = try await announce(of: entry, activityID: activityID, by: account) else { return }
        let text = try OutgoingActivities.text(announce)
        try await federation.queue.enqueue(inboxes.map { NewDelivery(inbox: $0, signer: account.id, activity: text) }, at: clock.now())
    }

    /// Queues an Undo of the Announce for the same inboxes.
    public func unshared(_ entry: Entry, activityID: String, by account: Account) async throws {
        guard let (announce, inboxes) = try await announce(of: entry, activityID: activityID, by: account) else { return }
        let now = clock.now()
        let undo = ActivityPubActivity(
            id: announce.id + "/undo", type: "Undo", actor: announce.actor, published: RFC3339.string(from: now), to: announce.to, cc: announce.cc,
            object: ActivityPubReferring(context: nil, id: announce.id, type: "Announce", actor: announce.actor, object: announce.object)
        )
        let text = try OutgoingActivities.text(undo)
        try await federation.queue.enqueue(inboxes.map { NewDelivery(inbox: $0, signer: account.id, activity: text) }, at: now)
    }

    /// The Announce of a share and the inboxes it goes to; `nil` when nobody elsewhere is to be told. Its ID is the
    /// sharer's actor and the share's own part of its kept activity ID, so the Undo names the same Announce.
    private func announce(of entry: Entry, activityID: String, by account: Account) async throws -> (ActivityPubActivity<String>, [String])? {
        let object = try await federation.objectID(of: entry.id) ?? origin.entryURL(entry.id)
        var inboxes = Set(try await federation.remoteFollowers(of: account.id).map(\.deliveryInbox))
        let remoteAuthor = try await federation.actor(of: entry.author)
        if let remoteAuthor { inboxes.insert(remoteAuthor.inbox) }
        guard !inboxes.isEmpty, let author = try await federation.account(id: entry.author) else { return nil }
        let me = origin.actorURL(account.username)
        let share = activityID.hasPrefix(EntryService.shareActivityPrefix)
            ? String(activityID.dropFirst(EntryService.shareActivityPrefix.count)) : Self.fragment(activityID)
        let announce = ActivityPubActivity(
            id: me + "#shares/" + share, type: "Announce", actor: me, published: RFC3339.string(from: clock.now()), to: [NoteDocument.everyone],
            cc: [me + "/followers", remoteAuthor?.actorURL ?? origin.actorURL(author.username)], object: object
        )
        return (announce, inboxes.sorted())
    }

    /// Queues an Add of the entry's note to the account's `featured` collection, for its followers elsewhere.
    public func pinned(_ entry: Entry, by account: Account) async throws {
        try await queueFeatured("Add", entry, by: account)
    }

    /// Queues a Remove of the entry's note from the collection, for the same inboxes.
    public func unpinned(_ entry: Entry, by account: Account) async throws {
        try await queueFeatured("Remove", entry, by: account)
    }

    /// An Add or a Remove of a pin, public as the collection is, for the inboxes of the account's followers
    /// elsewhere; nothing for an entry the collection never holds (one not for anyone) or with nobody to tell.
    private func queueFeatured(_ type: String, _ entry: Entry, by account: Account) async throws {
        guard entry.content.visibility.isOpen, account.isLocal else { return }
        let inboxes = Set(try await federation.remoteFollowers(of: account.id).map(\.deliveryInbox))
        guard !inboxes.isEmpty else { return }
        let now = clock.now()
        let me = origin.actorURL(account.username)
        let activity = ActivityPubTargeted(
            id: me + "#featured/\(type.lowercased())/\(entry.id.rawValue)/\(Int64(now.timeIntervalSince1970 * 1000))", type: type, actor: me,
            published: RFC3339.string(from: now), to: [NoteDocument.everyone], cc: [me + "/followers"], object: origin.entryURL(entry.id),
            target: me + "/featured"
        )
        let text = try OutgoingActivities.text(activity)
        try await federation.queue.enqueue(inboxes.sorted().map { NewDelivery(inbox: $0, signer: account.id, activity: text) }, at: now)
    }

    /// Queues a Flag of the account (and of the notes of `entries`) from the server's own actor, to its server's
    /// shared inbox: the report's ID names it, its comment is its content.
    public func flagged(_ report: Report, account: Account, entries: [Entry]) async throws {
        guard let actor = try await federation.actor(of: account.id) else { return }
        var objects = [actor.actorURL]
        for entry in entries {
            if let object = try await federation.objectID(of: entry.id) { objects.append(object) }
        }
        let flag = ActivityPubFlag(id: serverActor.id + "#reports/" + report.id.rawValue, actor: serverActor.id, content: report.comment, object: objects)
        let keys = try await serverActor.keys.serverKeys()
        let signer = DeliverySigner.carried(keyID: serverActor.id + "#main-key", privateKeyPEM: keys.privateKeyPEM)
        try await federation.queue.enqueue([NewDelivery(inbox: actor.deliveryInbox, signer: signer, activity: try OutgoingActivities.text(flag))], at: clock.now())
    }

    /// A Delete of the account's actor for the servers of its followers elsewhere and of those it follows there,
    /// each once, signed by the key it has now; none when it never had a key (no server ever fetched or heard it).
    public func farewells(of account: Account) async throws -> [NewDelivery] {
        guard let keys = try await federation.keys(of: account.id) else { return [] }
        var inboxes = Set(try await federation.remoteFollowers(of: account.id).map(\.deliveryInbox))
        for followed in try await federation.following(of: account.id) {
            if let actor = try await federation.actor(of: followed) { inboxes.insert(actor.deliveryInbox) }
        }
        guard !inboxes.isEmpty else { return [] }
        let me = origin.actorURL(account.username)
        let delete = ActivityPubActivity(
            id: me + "#delete", type: "Delete", actor: me, published: RFC3339.string(from: clock.now()), to: [NoteDocument.everyone], cc: [],
            object: me
        )
        let text = try OutgoingActivities.text(delete)
        let signer = DeliverySigner.carried(keyID: me + "#main-key", privateKeyPEM: keys.privateKeyPEM)
        return inboxes.sorted().map { NewDelivery(inbox: $0, signer: signer, activity: text) }
    }

    /// A `Create` of a note addressed to the recipients alone (no `Public`, no followers: Mastodon's direct
    /// visibility), naming each in a `Mention`, for each recipient's own inbox (not a shared one). The note's ID is
    /// new for each message; a fetch of it finds nothing, as a private message is read only where it was delivered.
    public func messageDeliveries(_ body: String, from sender: Account, to recipients: [Account]) async throws -> [NewDelivery] {
        var actors: [RemoteActor] = []
        for recipient in recipients where !recipient.isLocal {
            guard let actor = try await federation.actor(of: recipient.id) else {
                throw ServiceError.invalid(["to": ["@\(recipient.username) cannot be reached now: try again later."]])
            }
            actors.append(actor)
        }
        guard !actors.isEmpty else { return [] }
        let me = origin.actorURL(sender.username)
        let id = me + "#messages/" + UUID().uuidString.lowercased()
        let now = RFC3339.string(from: clock.now())
        let addressed = actors.map(\.actorURL)
        let note = ActivityPubNote(
            id: id, attributedTo: me, content: EntryHTML.paragraphs(EntryText(body), mentions: [], base: origin.base), published: now,
            url: id, to: addressed, cc: [], tag: actors.map { ActivityPubNote.Tag(type: "Mention", href: $0.actorURL, name: "@\($0.handle)") },
            attachment: []
        )
        let create = ActivityPubActivity(id: id + "/activity", type: "Create", actor: me, published: now, to: addressed, cc: [], object: note)
        let text = try OutgoingActivities.text(create)
        var inboxes: [String] = []
        for actor in actors where !inboxes.contains(actor.inbox) { inboxes.append(actor.inbox) }
        return inboxes.map { NewDelivery(inbox: $0, signer: sender.id, activity: text) }
    }

    /// The Follow of `actor` by `follower`: one ID per pair, so that an Undo names the Follow it ends.
    private func follow(of actor: RemoteActor, by follower: Account) -> ActivityPubReferring {
        let me = origin.actorURL(follower.username)
        return ActivityPubReferring(context: ActivityPubContext.activityStreams, id: me + "#follows/" + Self.fragment(actor.actorURL), actor: me, object: actor.actorURL)
    }

    /// The Block of `actor` by `blocker`: one ID per pair, so that an Undo names the Block it ends.
    private func block(of actor: RemoteActor, by blocker: Account) -> ActivityPubReferring {
        let me = origin.actorURL(blocker.username)
        return ActivityPubReferring(
            context: ActivityPubContext.activityStreams, id: me + "#blocks/" + Self.fragment(actor.actorURL), type: "Block", actor: me, object: actor.actorURL
        )
    }

    /// The Like of a remote entry's note by `account`, with its author's actor.
    private func like(of entry: Entry, by account: Account) async throws -> (ActivityPubReferring, RemoteActor)? {
        guard let object = try await federation.objectID(of: entry.id), let actor = try await federation.actor(of: entry.author) else { return nil }
        let me = origin.actorURL(account.username)
        return (ActivityPubReferring(context: ActivityPubContext.activityStreams, id: me + "#likes/" + Self.fragment(object), type: "Like", actor: me, object: object), actor)
    }

    /// An Undo of `activity` by its own actor, addressed to `actor`.
    private func undo(_ activity: ActivityPubReferring, to actor: RemoteActor) -> ActivityPubActivity<ActivityPubReferring> {
        let now = clock.now()
        var inner = activity
        inner.context = nil
        return ActivityPubActivity(
            id: activity.id + "/undo-\(OutgoingActivities.stamp(now))", type: "Undo", actor: activity.actor, published: RFC3339.string(from: now),
            to: [actor.actorURL], cc: [], object: inner
        )
    }

    /// Puts one activity in the queue for `actor`'s own inbox, signed by `signer`.
    private func queue(_ activity: some Encodable, to actor: RemoteActor, by signer: Account) async throws {
        try await federation.queue.enqueue([NewDelivery(inbox: actor.inbox, signer: signer.id, activity: try OutgoingActivities.text(activity))], at: clock.now())
    }

    /// A URL written so it can follow `#` in another URL.
    private static func fragment(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
    }
}
