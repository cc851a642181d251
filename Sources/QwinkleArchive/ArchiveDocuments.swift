import Foundation
import QwinkleKit

// The JSON files of a Qwinkle archive, as docs/archive-format.md writes them down. Keys are the API's snake_case.

/// `account.json`: the profile, without email, password or sessions.
public struct ArchiveAccount: Codable, Hashable, Sendable {
    /// The username on the server that made the archive.
    public var username: String
    /// The name shown.
    public var displayName: String
    /// The bio.
    public var bio: String
    /// The favourite creature, if any.
    public var favoriteCreature: Creature?
    /// The avatar's file in the archive, if any.
    public var avatar: String?
    /// When the account was made.
    public var createdAt: Date

    /// The profile as an archive keeps it.
    public init(username: String, displayName: String, bio: String, favoriteCreature: Creature?, avatar: String?, createdAt: Date) {
        self.username = username
        self.displayName = displayName
        self.bio = bio
        self.favoriteCreature = favoriteCreature
        self.avatar = avatar
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case username, bio, avatar
        case displayName = "display_name"
        case favoriteCreature = "favorite_creature"
        case createdAt = "created_at"
    }
}

/// A photo an entry or revision attaches: its file in the archive and its description.
public struct ArchivePhotoReference: Codable, Hashable, Sendable {
    /// The file's path in the archive (`photos/12.jpg`).
    public var file: String
    /// The alt text.
    public var alt: String

    /// A reference to a photo file.
    public init(file: String, alt: String) {
        self.file = file
        self.alt = alt
    }
}

/// One revision of an entry in `entries.json`: its content's fields, as the API spells them, with its photos as
/// files of the archive.
public struct ArchiveRevision: Codable, Hashable, Sendable {
    /// Its number, from 1.
    public var revision: Int
    /// What it said: every field but the photos, which are `photos` here.
    public var content: EntryContent
    /// Its photos.
    public var photos: [ArchivePhotoReference]
    /// When it was made.
    public var createdAt: Date

    /// A revision as the archive keeps it; the content's own photos are left out.
    public init(revision: Int, content: EntryContent, photos: [ArchivePhotoReference], createdAt: Date) {
        self.revision = revision
        self.content = content
        self.content.photos = []
        self.photos = photos
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case revision, photos
        case createdAt = "created_at"
    }

    /// Reads the revision, its content by the content's own reading.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        revision = try container.decode(Int.self, forKey: .revision)
        content = try EntryContent(allButPhotosFrom: decoder)
        photos = try container.decode([ArchivePhotoReference].self, forKey: .photos)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
    }

    /// Writes the revision, its content's fields beside its own.
    public func encode(to encoder: any Encoder) throws {
        try content.encodeAllButPhotos(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(photos, forKey: .photos)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// One entry of `entries.json`: the entry as it is now (its content's fields, as the API spells them, with its
/// photos as files of the archive), and every revision.
public struct ArchiveEntry: Codable, Hashable, Sendable {
    /// Its ID on the server that made the archive.
    public var id: String
    /// What it says now: every field but the photos, which are `photos` here.
    public var content: EntryContent
    /// When it was written.
    public var createdAt: Date
    /// When it was last edited.
    public var editedAt: Date?
    /// Its photos.
    public var photos: [ArchivePhotoReference]
    /// Every revision, oldest first; the last is the entry as it is now.
    public var revisions: [ArchiveRevision]
    /// What it replies to, if it is a reply.
    public var inReplyTo: ArchiveReplyTarget?

    /// An entry as the archive keeps it; the content's own photos are left out.
    public init(
        id: String, content: EntryContent, createdAt: Date, editedAt: Date?, photos: [ArchivePhotoReference], revisions: [ArchiveRevision],
        inReplyTo: ArchiveReplyTarget? = nil
    ) {
        self.id = id
        self.content = content
        self.content.photos = []
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.photos = photos
        self.revisions = revisions
        self.inReplyTo = inReplyTo
    }

    enum CodingKeys: String, CodingKey {
        case id, photos, revisions, tags
        case createdAt = "created_at"
        case editedAt = "edited_at"
        case inReplyTo = "in_reply_to"
    }

    /// Reads the entry, its content by the content's own reading.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        content = try EntryContent(allButPhotosFrom: decoder)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        editedAt = try container.decodeIfPresent(Date.self, forKey: .editedAt)
        photos = try container.decode([ArchivePhotoReference].self, forKey: .photos)
        revisions = try container.decode([ArchiveRevision].self, forKey: .revisions)
        inReplyTo = try container.decodeIfPresent(ArchiveReplyTarget.self, forKey: .inReplyTo)
    }

    /// Writes the entry, its content's fields beside its own.
    public func encode(to encoder: any Encoder) throws {
        try content.encodeAllButPhotos(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(editedAt, forKey: .editedAt)
        try container.encode(photos, forKey: .photos)
        try container.encode(revisions, forKey: .revisions)
        try container.encodeIfPresent(inReplyTo, forKey: .inReplyTo)
        // For whoever reads the file; an import takes tags from the text, as every write does.
        try container.encode(EntryText.tags(of: content.body), forKey: .tags)
    }
}

/// What an archived entry replies to: another of the account's entries in the archive (its `id`), or someone else's
/// entry by its address (`url`), which an archive of this account alone cannot bring along.
public struct ArchiveReplyTarget: Codable, Hashable, Sendable {
    /// The ID of the account's own entry it answers, as `entries.json` names it.
    public var entryID: String?
    /// The address of someone else's entry it answers.
    public var url: String?

    /// Describes what a reply answers.
    public init(entryID: String? = nil, url: String? = nil) {
        self.entryID = entryID
        self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case entryID = "entry_id"
        case url
    }
}

/// `entries.json` as a whole, for reading (it is written a page at a time).
public struct ArchiveEntries: Codable, Hashable, Sendable {
    /// Every entry, oldest first.
    public var entries: [ArchiveEntry]

    /// The file's contents.
    public init(entries: [ArchiveEntry]) {
        self.entries = entries
    }
}

/// A username in `following.json` or `journal-readers.json`.
public struct ArchiveUsername: Codable, Hashable, Sendable {
    /// The username on the server that made the archive.
    public var username: String

    /// A username.
    public init(username: String) {
        self.username = username
    }
}

/// `following.json`.
public struct ArchiveFollowing: Codable, Hashable, Sendable {
    /// Whom the account follows.
    public var following: [ArchiveUsername]

    /// The file's contents.
    public init(following: [ArchiveUsername]) {
        self.following = following
    }
}

/// `journal-readers.json`.
public struct ArchiveJournalReaders: Codable, Hashable, Sendable {
    /// Whom the account shares its journal with.
    public var journalReaders: [ArchiveUsername]

    /// The file's contents.
    public init(journalReaders: [ArchiveUsername]) {
        self.journalReaders = journalReaders
    }

    enum CodingKeys: String, CodingKey {
        case journalReaders = "journal_readers"
    }
}

/// A message in `messages.json`.
public struct ArchiveMessage: Codable, Hashable, Sendable {
    /// Its ID on the server that made the archive.
    public var id: String
    /// The sender's username; absent when the sender's account is gone.
    public var from: String?
    /// Its text.
    public var body: String
    /// Its photos' files in the archive.
    public var photos: [String]
    /// When it was sent.
    public var createdAt: Date

    /// A message as the archive keeps it.
    public init(id: String, from: String?, body: String, photos: [String], createdAt: Date) {
        self.id = id
        self.from = from
        self.body = body
        self.photos = photos
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, from, body, photos
        case createdAt = "created_at"
    }
}

/// A conversation in `messages.json`: its participants and messages, newest first (as they are read, a page at a time).
public struct ArchiveConversation: Codable, Hashable, Sendable {
    /// Its ID on the server that made the archive.
    public var id: String
    /// Its participants' usernames (a deleted account's is absent).
    public var participants: [String]
    /// Its messages, newest first.
    public var messages: [ArchiveMessage]

    /// A conversation as the archive keeps it.
    public init(id: String, participants: [String], messages: [ArchiveMessage]) {
        self.id = id
        self.participants = participants
        self.messages = messages
    }
}

/// The names of an archive's files, in one place.
public enum ArchiveFile {
    /// The profile.
    public static let account = "account.json"
    /// Every entry with its revisions.
    public static let entries = "entries.json"
    /// Whom the account follows.
    public static let following = "following.json"
    /// Whom the account shares its journal with.
    public static let journalReaders = "journal-readers.json"
    /// The account's conversations.
    public static let messages = "messages.json"
    /// The folder of photos.
    public static let photosFolder = "photos/"
    /// The folder of one Markdown file a day.
    public static let journalFolder = "journal/"

    /// A photo's file: its ID on the exporting server and the extension its type calls for.
    public static func photo(id: String, contentType: String) -> String {
        let fileExtension = switch contentType {
        case "image/jpeg": "jpg"
        case "image/png": "png"
        case "image/webp": "webp"
        case "image/gif": "gif"
        default: "bin"
        }
        return "\(photosFolder)\(id).\(fileExtension)"
    }

    /// A day's Markdown file, `journal/2026-11-20.md`.
    public static func journal(day: String) -> String {
        "\(journalFolder)\(day).md"
    }
}
