import Foundation
import QwinkleKit
import QwinkleStorage

// The API's JSON shapes built from QwinkleKit's models. The spellings are the same on both sides
// (the enums' raw values), so each conversion is by raw value and cannot fail.

extension Components.Schemas.Account {
    init(_ account: Account) {
        self.init(
            id: account.id.rawValue,
            username: account.username,
            displayName: account.displayName,
            bio: account.bio,
            avatar: account.avatar?.rawValue,
            avatarUrl: account.avatar.map(PhotoURL.path),
            favoriteCreature: account.favoriteCreature.flatMap { Components.Schemas.Creature(rawValue: $0.rawValue) },
            createdAt: account.createdAt
        )
    }
}

extension Components.Schemas.Entry {
    init(_ entry: Entry, author: Account, marked: Bool) {
        self.init(
            id: entry.id.rawValue,
            authorId: entry.author.rawValue,
            author: Components.Schemas.Account(author),
            kind: Components.Schemas.EntryKind(entry.kind.name),
            body: entry.body,
            photos: entry.photos.map { Components.Schemas.EntryPhoto(id: $0.id.rawValue, alt: $0.alt, url: PhotoURL.path($0.id)) },
            visibility: Components.Schemas.Visibility(entry.visibility),
            revision: entry.revision,
            createdAt: entry.createdAt,
            editedAt: entry.editedAt,
            dream: entry.dream.map(Components.Schemas.Dream.init),
            marked: marked
        )
    }
}

extension Components.Schemas.Dream {
    init(_ dream: DreamDetails) {
        self.init(
            creature: Components.Schemas.Creature(dream.creature),
            effects: dream.effects.sorted().compactMap { Components.Schemas.DreamEffect(rawValue: $0.rawValue) },
            numberOfCreatures: dream.numberOfCreatures.rawValue
        )
    }
}

extension Components.Schemas.Creature {
    init(_ creature: Creature) {
        // Both enums list the same spellings; `crusty` stands in only if they ever disagreed.
        self = Self(rawValue: creature.rawValue) ?? .crusty
    }
}

extension Components.Schemas.Visibility {
    init(_ visibility: Visibility) {
        self = Self(rawValue: visibility.rawValue) ?? ._private
    }

    /// The model's visibility.
    var model: Visibility { Visibility(rawValue: rawValue) ?? .private }
}

extension Components.Schemas.EntryKind {
    init(_ name: Entry.Kind.Name) {
        self = Self(rawValue: name.rawValue) ?? .update
    }
}

extension Components.Schemas.Photo {
    init(_ stored: StoredPhoto) {
        self.init(
            id: stored.photo.id.rawValue, url: PhotoURL.path(stored.photo.id), byteSize: stored.photo.byteSize,
            sha256: stored.photo.sha256, contentType: stored.photo.contentType
        )
    }
}

extension Components.Schemas.Message {
    init(_ message: Message) {
        self.init(
            id: message.id.rawValue, conversationId: message.conversation.rawValue, senderId: message.sender.rawValue,
            body: message.body, photoIds: message.photos.map(\.rawValue), createdAt: message.createdAt
        )
    }
}

extension Components.Schemas.Conversation {
    init(_ conversation: Conversation, accounts: [Account.ID: Account]) {
        let participants = conversation.participants.sorted { ($0.integerValue ?? 0) < ($1.integerValue ?? 0) }
        self.init(
            id: conversation.id.rawValue,
            participants: participants.map(\.rawValue),
            accounts: participants.compactMap { accounts[$0] }.map(Components.Schemas.Account.init),
            createdAt: conversation.createdAt,
            lastMessageAt: conversation.lastMessageAt
        )
    }
}

/// Where a photo's bytes are served; relative, so it holds behind any proxy.
enum PhotoURL {
    static func path(_ id: Photo.ID) -> String { "/api/v1/photos/\(id.rawValue)" }
}

extension QwinkleAPI {
    /// Entries as the API shows them, with their authors and the viewer's marks, in two queries.
    func entryResponses(_ entries: [Entry], viewer: Viewer) async throws -> [Components.Schemas.Entry] {
        let authors = try await storage.accounts(ids: Set(entries.map(\.author)))
        let marked: Set<Entry.ID> = if let account = viewer.account {
            try await storage.markedEntries(among: Set(entries.map(\.id)), by: account)
        } else { [] }
        return entries.compactMap { entry in
            authors[entry.author].map { Components.Schemas.Entry(entry, author: $0, marked: marked.contains(entry.id)) }
        }
    }

    /// One entry as the API shows it.
    func entryResponse(_ entry: Entry, viewer: Viewer) async throws -> Components.Schemas.Entry {
        guard let response = try await entryResponses([entry], viewer: viewer).first else {
            throw APIError.notFound("The entry \(entry.id)")
        }
        return response
    }
}
