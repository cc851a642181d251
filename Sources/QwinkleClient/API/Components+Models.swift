import Foundation
import QwinkleKit

// QwinkleKit's models from the API's JSON shapes. The spellings are the same on both sides, so a conversion
// fails only when the server sends something this client does not know: then it is an invalid response.

extension Components.Schemas.Account {
    func model() throws(QwinkleError) -> Account {
        Account(
            id: try identifier(id), username: username, displayName: displayName, bio: bio,
            avatar: try avatar.map { v throws(QwinkleError) in try identifier(v) },
            favoriteCreature: try favoriteCreature.map { v throws(QwinkleError) in try known(Creature(rawValue: v.rawValue), v.rawValue) },
            createdAt: createdAt
        )
    }
}

extension Components.Schemas.Relationship {
    func model() throws(QwinkleError) -> Relationship {
        Relationship(account: try account.model(), following: following, followedBy: followedBy)
    }
}

extension Components.Schemas.Entry {
    func model() throws(QwinkleError) -> TimelineEntry {
        let entry = Entry(
            id: try identifier(id), author: try identifier(authorId),
            kind: try entryKind(kind, dream: dream),
            body: body,
            photos: try photos.map { p throws(QwinkleError) in AttachedPhoto(id: try identifier(p.id), alt: p.alt) },
            visibility: try known(Visibility(rawValue: visibility.rawValue), visibility.rawValue),
            revision: revision, createdAt: createdAt, editedAt: editedAt
        )
        return TimelineEntry(entry: entry, author: try author.model(), marked: marked)
    }
}

extension Components.Schemas.NewEntry {
    /// The request body for an entry's content (new or edited).
    init(_ content: EntryContent) {
        self.init(
            kind: Components.Schemas.EntryKind(rawValue: content.kind.name.rawValue) ?? .update,
            body: content.body,
            visibility: Components.Schemas.Visibility(rawValue: content.visibility.rawValue) ?? ._private,
            photos: content.photos.map { .init(id: $0.id.rawValue, alt: $0.alt) },
            dream: content.dream.map(Components.Schemas.Dream.init)
        )
    }

    func model() throws(QwinkleError) -> EntryContent {
        EntryContent(
            kind: try entryKind(kind, dream: dream), body: body,
            photos: try (photos ?? []).map { p throws(QwinkleError) in AttachedPhoto(id: try identifier(p.id), alt: p.alt ?? "") },
            visibility: try known(Visibility(rawValue: visibility.rawValue), visibility.rawValue)
        )
    }
}

extension Components.Schemas.Dream {
    init(_ dream: DreamDetails) {
        self.init(
            creature: Components.Schemas.Creature(rawValue: dream.creature.rawValue) ?? .crusty,
            effects: dream.effects.sorted().compactMap { Components.Schemas.DreamEffect(rawValue: $0.rawValue) },
            numberOfCreatures: dream.numberOfCreatures.rawValue
        )
    }
}

/// An entry's kind from its API spelling and dream details.
func entryKind(_ kind: Components.Schemas.EntryKind, dream: Components.Schemas.Dream?) throws(QwinkleError) -> Entry.Kind {
    switch (kind, dream) {
    case (.update, _): return .update
    case (.journal, _): return .journal
    case (.dream, let dream?):
        return .dream(DreamDetails(
            creature: try known(Creature(rawValue: dream.creature.rawValue), dream.creature.rawValue),
            effects: Set(dream.effects.compactMap { DreamEffect(rawValue: $0.rawValue) }),
            numberOfCreatures: try known(CreatureCount(dream.numberOfCreatures), String(dream.numberOfCreatures))
        ))
    case (.dream, nil): throw .invalidResponse("a dream without its details")
    }
}

extension Components.Schemas.Message {
    func model() throws(QwinkleError) -> Message {
        Message(
            id: try identifier(id), conversation: try identifier(conversationId), sender: try identifier(senderId), body: body,
            photos: try photoIds.map { v throws(QwinkleError) in try identifier(v) }, createdAt: createdAt
        )
    }
}

extension Components.Schemas.Conversation {
    func model() throws(QwinkleError) -> ConversationSummary {
        ConversationSummary(
            conversation: Conversation(
                id: try identifier(id), participants: Set(try participants.map { v throws(QwinkleError) in try identifier(v) }),
                createdAt: createdAt, lastMessageAt: lastMessageAt
            ),
            accounts: try accounts.map { a throws(QwinkleError) in try a.model() }
        )
    }
}

/// An identifier from the server's text.
func identifier<Subject>(_ text: String) throws(QwinkleError) -> Identifier<Subject> {
    guard let identifier = Identifier<Subject>(rawValue: text) else { throw .invalidResponse("an empty ID") }
    return identifier
}

/// A value the server spelled in a way this client knows.
func known<Value>(_ value: Value?, _ spelling: String) throws(QwinkleError) -> Value {
    guard let value else { throw .invalidResponse("an unknown value \"\(spelling)\"; is this client older than the server?") }
    return value
}

/// The `max_id` of a `Link: <…?max_id=N…>; rel="next"` header.
func nextCursor(fromLink link: String?) -> String? {
    guard let link, link.contains("rel=\"next\""), let start = link.range(of: "max_id=") else { return nil }
    let digits = link[start.upperBound...].prefix { $0.isNumber }
    return digits.isEmpty ? nil : String(digits)
}
