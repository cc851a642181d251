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
    /// The request body for an entry's content (new or edited); a value the API has no spelling for cannot be sent.
    static func request(_ content: EntryContent) throws(QwinkleError) -> Self {
        Self(
            kind: try spelled(content.kind.name.rawValue, as: Components.Schemas.EntryKind.self),
            body: content.body,
            visibility: try spelled(content.visibility.rawValue, as: Components.Schemas.Visibility.self),
            photos: content.photos.map { .init(id: $0.id.rawValue, alt: $0.alt) },
            dream: try content.dream.map { dream throws(QwinkleError) in try Components.Schemas.Dream.request(dream) }
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
    /// A dream's details as the API takes them, effects in their fixed order.
    static func request(_ dream: DreamDetails) throws(QwinkleError) -> Self {
        Self(
            creature: try spelled(dream.creature.rawValue, as: Components.Schemas.Creature.self),
            effects: try dream.effects.sorted().map { effect throws(QwinkleError) in try spelled(effect.rawValue, as: Components.Schemas.DreamEffect.self) },
            numberOfCreatures: dream.numberOfCreatures.rawValue
        )
    }
}

/// The API's value spelled like a model's; a spelling the API does not have means this client cannot send it.
func spelled<Wire: RawRepresentable<String>>(_ rawValue: String, as type: Wire.Type) throws(QwinkleError) -> Wire {
    guard let value = Wire(rawValue: rawValue) else { throw .invalidResponse("the API has no \(Wire.self) \"\(rawValue)\"; is this client newer than its API types?") }
    return value
}

/// An entry's kind from its API spelling and dream details.
func entryKind(_ kind: Components.Schemas.EntryKind, dream: Components.Schemas.Dream?) throws(QwinkleError) -> Entry.Kind {
    switch (kind, dream) {
    case (.update, _): return .update
    case (.journal, _): return .journal
    case (.dream, let dream?):
        return .dream(DreamDetails(
            creature: try known(Creature(rawValue: dream.creature.rawValue), dream.creature.rawValue),
            effects: Set(try dream.effects.map { effect throws(QwinkleError) in try known(DreamEffect(rawValue: effect.rawValue), effect.rawValue) }),
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
