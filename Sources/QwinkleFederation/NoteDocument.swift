import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// How an entry is written as a `Note`, for a fetch of its URL and for a delivery alike, so that both say the same.
struct NoteDocument: Sendable {
    /// The server's public origin.
    let origin: FederationOrigin

    /// ActivityStreams' name for everyone.
    static let everyone = "https://www.w3.org/ns/activitystreams#Public"

    /// The entry as a `Note` addressed as its visibility says (everyone; everyone but unlisted, `Public` only in `cc`
    /// as Mastodon writes it; or the author's followers), or `nil` for an
    /// entry that never leaves the server (journal or author-only) or that came from another server (only its own
    /// server speaks for it). `inReplyTo` is the object it replies to, if that one may be named to the same readers;
    /// `mentioned` the actors of the people of other servers it mentions (`mentionedActors`), `photos` its photos as
    /// kept, for their media types and sizes (`photos(of:in:)`).
    func note(
        _ entry: Entry, author: Account, inReplyTo: String?, mentioned: [Account.ID: RemoteActor] = [:], photos: [Photo.ID: Photo] = [:]
    ) -> ActivityPubNote? {
        let visibility = entry.content.visibility
        guard visibility.leavesServer, author.isLocal else { return nil }
        let url = origin.entryURL(entry.id)
        let actor = origin.actorURL(author.username)
        let followers = actor + "/followers"
        let text = EntryText(entry.content.body)
        let mentions = entry.mentions.filter { $0.host == nil }.map { mention in
            ActivityPubNote.Tag(type: "Mention", href: origin.actorURL(mention.username), name: "@\(mention.username)@\(origin.domain)")
        }
        let elsewhere = entry.mentions.compactMap { mention in
            mentioned[mention.account].map { ActivityPubNote.Tag(type: "Mention", href: $0.actorURL, name: "@\(mention.name.text)") }
        }
        let tags = text.tags.map { tag in ActivityPubNote.Tag(type: "Hashtag", href: origin.base + EntryHTML.tagPath(tag), name: "#\(tag)") }
        return ActivityPubNote(
            id: url, attributedTo: actor,
            content: EntryHTML.paragraphs(text, mentions: entry.mentions, base: origin.base, markup: .mastodon(profiles: mentioned.mapValues { $0.profileURL ?? $0.actorURL })),
            published: RFC3339.string(from: entry.createdAt), updated: entry.editedAt.map(RFC3339.string(from:)), url: url,
            // People elsewhere are addressed only by a public or unlisted note: a followers-only one goes to followers alone.
            to: visibility == .public ? [Self.everyone] : [followers],
            cc: addressedBesides(visibility, followers: followers) + (visibility.isOpen ? elsewhere.map(\.href) : []) + mentions.map(\.href),
            inReplyTo: inReplyTo,
            // Mastodon hides the media of a note with a warning (it marks the note sensitive): Qwinkle says so too.
            sensitive: entry.content.sensitive || entry.content.warning != nil,
            tag: mentions + elsewhere + tags,
            attachment: entry.content.photos.map { photo in
                ActivityPubNote.Attachment(
                    mediaType: photos[photo.id]?.contentType, url: origin.base + PhotoURL.path(photo.id), name: photo.alt.isEmpty ? nil : photo.alt,
                    width: photos[photo.id]?.size?.width, height: photos[photo.id]?.size?.height
                )
            },
            lines: entry.content.lines
        )
    }

    /// Whom a note of this visibility is addressed to in `cc` besides the people it mentions: a public note its
    /// author's followers, an unlisted one everyone (Mastodon's quiet public), a followers-only one nobody more.
    private func addressedBesides(_ visibility: Visibility, followers: String) -> [String] {
        switch visibility {
        case .public: [followers]
        case .unlisted: [Self.everyone]
        default: []
        }
    }

    /// The entry `entry` answers, when that one leaves the server too (so it may be named to the same readers), with
    /// the URL that names it to other servers: its object's ID when it came from one, else its page here.
    func parent(of entry: Entry, in federation: FederationService) async throws -> (entry: Entry, url: String)? {
        guard let (parent, objectID) = try await federation.parent(of: entry) else { return nil }
        return (parent, objectID ?? origin.entryURL(parent.id))
    }

    /// The actors of the people of other servers `entry` mentions, by account.
    static func mentionedActors(of entry: Entry, in federation: FederationService) async throws -> [Account.ID: RemoteActor] {
        var actors: [Account.ID: RemoteActor] = [:]
        for mention in entry.mentions where mention.host != nil {
            actors[mention.account] = try await federation.actor(of: mention.account)
        }
        return actors
    }

    /// An entry's photos as kept, by photo: the `mediaType`, `width` and `height` of each attachment.
    static func photos(of entry: Entry, in federation: FederationService) async throws -> [Photo.ID: Photo] {
        var photos: [Photo.ID: Photo] = [:]
        for photo in entry.content.photos {
            photos[photo.id] = try await federation.photo(photo.id)
        }
        return photos
    }
}
