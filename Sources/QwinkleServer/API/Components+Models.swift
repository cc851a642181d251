import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage

// The API's JSON shapes built from QwinkleKit's models, and back. Both sides spell their enums alike (the raw
// values), so each conversion goes by raw value; one that finds no match is an error (`WireValue.Mismatch`),
// never a silent default.

/// Conversions between the API's enums and the models' by their shared spellings.
enum WireValue {
    /// A model value the API has no spelling for: the two enums disagree, which is a fault of the server.
    struct Mismatch: Error, CustomStringConvertible {
        let value: String
        let type: String
        var description: String { "The API has no \(type) spelled \(value)." }
    }

    /// The API's value with the model's spelling.
    static func wire<Wire: RawRepresentable<String>>(_ type: Wire.Type, _ rawValue: String) throws -> Wire {
        guard let value = Wire(rawValue: rawValue) else { throw Mismatch(value: rawValue, type: "\(Wire.self)") }
        return value
    }

    /// The model's value with the API's spelling; one the model does not know is 422 naming `field`.
    static func model<Model: RawRepresentable<String>>(_ type: Model.Type, _ rawValue: String, field: String) throws -> Model {
        guard let value = Model(rawValue: rawValue) else { throw ServiceError.invalid(field: field, "\(rawValue) is not a known value.") }
        return value
    }
}

extension Components.Schemas.Account {
    init(_ account: Account) throws {
        self.init(
            id: account.id.rawValue,
            username: account.username,
            displayName: account.displayName,
            bio: account.bio,
            avatar: account.avatar?.rawValue,
            avatarUrl: account.avatar.map(PhotoURL.path),
            favoriteCreature: try account.favoriteCreature.map { try WireValue.wire(Components.Schemas.Creature.self, $0.rawValue) },
            createdAt: account.createdAt
        )
    }
}

extension Components.Schemas.Entry {
    init(_ shown: TimelineEntry) throws {
        let entry = shown.entry
        self.init(
            id: entry.id.rawValue,
            authorId: entry.author.rawValue,
            author: try Components.Schemas.Account(shown.author),
            kind: try WireValue.wire(Components.Schemas.EntryKind.self, entry.kind.name.rawValue),
            body: entry.body,
            photos: entry.photos.map { Components.Schemas.EntryPhoto(id: $0.id.rawValue, alt: $0.alt, url: PhotoURL.path($0.id)) },
            visibility: try WireValue.wire(Components.Schemas.Visibility.self, entry.visibility.rawValue),
            revision: entry.revision,
            createdAt: entry.createdAt,
            editedAt: entry.editedAt,
            dream: try entry.dream.map(Components.Schemas.Dream.init),
            marked: shown.marked
        )
    }
}

extension Components.Schemas.Dream {
    init(_ dream: DreamDetails) throws {
        self.init(
            creature: try WireValue.wire(Components.Schemas.Creature.self, dream.creature.rawValue),
            effects: try dream.effects.sorted().map { try WireValue.wire(Components.Schemas.DreamEffect.self, $0.rawValue) },
            numberOfCreatures: dream.numberOfCreatures.rawValue
        )
    }
}

extension Components.Schemas.NewEntry {
    init(_ content: EntryContent) throws {
        self.init(
            kind: try WireValue.wire(Components.Schemas.EntryKind.self, content.kind.name.rawValue),
            body: content.body,
            visibility: try WireValue.wire(Components.Schemas.Visibility.self, content.visibility.rawValue),
            photos: content.photos.map { .init(id: $0.id.rawValue, alt: $0.alt) },
            dream: try content.dream.map(Components.Schemas.Dream.init)
        )
    }
}

extension QwinkleServices.EntryDraft {
    /// A draft from a new entry's JSON.
    init(_ request: Components.Schemas.NewEntry) throws {
        try self.init(kind: request.kind, body: request.body, visibility: request.visibility, photos: request.photos, dream: request.dream)
    }

    /// A draft from the fields a new entry or an edit sends.
    init(
        kind: Components.Schemas.EntryKind, body: String, visibility: Components.Schemas.Visibility,
        photos: [Components.Schemas.AttachedPhoto]?, dream: Components.Schemas.Dream?
    ) throws {
        self.init(
            kind: try WireValue.model(Entry.Kind.Name.self, kind.rawValue, field: "kind"),
            body: body,
            visibility: try WireValue.model(Visibility.self, visibility.rawValue, field: "visibility"),
            photos: (photos ?? []).map { QwinkleServices.EntryDraft.Photo(id: $0.id, alt: $0.alt ?? "") },
            dream: try dream.map { dream in
                QwinkleServices.EntryDraft.Dream(
                    creature: try WireValue.model(Creature.self, dream.creature.rawValue, field: "dream.creature"),
                    effects: Set(try dream.effects.map { try WireValue.model(DreamEffect.self, $0.rawValue, field: "dream.effects") }),
                    numberOfCreatures: dream.numberOfCreatures
                )
            }
        )
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
    init(_ shown: ShownConversation) throws {
        let conversation = shown.conversation
        let participants = conversation.participants.sorted { ($0.integerValue ?? 0) < ($1.integerValue ?? 0) }
        self.init(
            id: conversation.id.rawValue,
            participants: participants.map(\.rawValue),
            accounts: try participants.compactMap { shown.accounts[$0] }.map(Components.Schemas.Account.init),
            createdAt: conversation.createdAt,
            lastMessageAt: conversation.lastMessageAt
        )
    }
}

extension Components.Schemas.EditConflict {
    init(_ shown: ShownConflict) throws {
        let conflict = shown.conflict
        self.init(
            error: .init(code: "edit_conflict", message: shown.message),
            baseRevision: conflict.baseRevision,
            base: try .init(shown.base),
            theirs: try .init(shown.theirs),
            yours: try .init(conflict.yours),
            merged: try .init(conflict.merged),
            conflicts: try conflict.conflicts.map(Components.Schemas.MergeConflict.init),
            problems: conflict.problems.map(\.message)
        )
    }
}

extension Components.Schemas.MergeConflict {
    init(_ conflict: MergeConflict) throws {
        let texts = conflict.texts
        self.init(part: try WireValue.wire(PartPayload.self, conflict.part.rawValue), base: texts.base, theirs: texts.theirs, yours: texts.yours)
    }
}

/// Where a photo's bytes are served; relative, so it holds behind any proxy.
enum PhotoURL {
    static func path(_ id: Photo.ID) -> String { "/api/v1/photos/\(id.rawValue)" }
}
