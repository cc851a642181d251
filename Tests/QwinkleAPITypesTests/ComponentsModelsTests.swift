import Foundation
import QwinkleAPITypes
import QwinkleKit
import Testing

@Suite("The one mapping between the API's shapes and the models")
struct ComponentsModelsTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let author = Account(
        id: Account.ID(rawValue: "7")!, username: "abe", displayName: "Abe", bio: "Sharks.", avatar: Photo.ID(rawValue: "3"),
        favoriteCreature: .unicorn(.pink), createdAt: now
    )

    /// Every line of the content set, so a line a shape does not carry fails the round trips.
    static let everyLine = Dictionary(uniqueKeysWithValues: ContentLine.allCases.map { ($0, "\($0.label) of the entry") })

    static func shown(_ kind: Entry.Kind, visibility: Visibility = .followers, marked: Bool = true) -> TimelineEntry {
        let entry = Entry(
            id: Entry.ID(rawValue: "42")!, author: author.id,
            content: EntryContent(
                kind: kind, body: "Flew over the sea.", photos: [AttachedPhoto(id: Photo.ID(rawValue: "9")!, alt: "a wave")], visibility: visibility,
                lines: everyLine
            ),
            revision: 3,
            createdAt: now, editedAt: now.addingTimeInterval(60)
        )
        return TimelineEntry(entry: entry, author: author, marked: marked)
    }

    @Test("Every model enum has a spelling in the contract, and every spelling in the contract has a model value")
    func spellingsAgree() throws {
        #expect(Set(Creature.allCases.map(\.rawValue)) == Set(Components.Schemas.Creature.allCases.map(\.rawValue)))
        #expect(Set(DreamEffect.allCases.map(\.rawValue)) == Set(Components.Schemas.DreamEffect.allCases.map(\.rawValue)))
        #expect(Set(Visibility.allCases.map(\.rawValue)) == Set(Components.Schemas.Visibility.allCases.map(\.rawValue)))
        #expect(Set(Entry.Kind.Name.allCases.map(\.rawValue)) == Set(Components.Schemas.EntryKind.allCases.map(\.rawValue)))
        #expect(
            Set(MergeConflict.Part.allCases.map(\.rawValue))
                == Set(Components.Schemas.MergeConflict.PartPayload.allCases.map(\.rawValue))
        )
        #expect(
            Set(AccountNotification.Kind.allCases.map(\.rawValue)) == Set(Components.Schemas.NotificationKind.allCases.map(\.rawValue))
        )
    }

    @Test(
        "An entry shown on the wire reads back as the same entry, author and mark, for every kind",
        arguments: [
            Entry.Kind.update, .journal,
            .dream(DreamDetails(creature: .shark, effects: [.magic, .fireBreathing], numberOfCreatures: CreatureCount(3)!)),
        ]
    )
    func entryRoundTrip(kind: Entry.Kind) throws {
        let shown = Self.shown(kind)
        let wire = try Components.Schemas.Entry(shown)
        #expect(wire.photos.first?.url == "/api/qwinkle/v1/photos/9")
        #expect(wire.author.avatarUrl == "/api/qwinkle/v1/photos/3")
        #expect(try wire.model() == shown)
    }

    @Test("An entry's content reads back the same through every shape that carries it: new entry, edit, draft, save")
    func contentRoundTrip() throws {
        let content = Self.shown(.dream(DreamDetails(creature: .unicorn(.white), effects: [.snow]))).entry.content
        #expect(content.lines.count == ContentLine.allCases.count)
        #expect(try Components.Schemas.NewEntry(content).content() == content)
        #expect(try Components.Schemas.DraftContent(content).content() == content)
        #expect(try Components.Schemas.EntryUpdate(baseRevision: 2, content: content).content() == content)
        #expect(try Components.Schemas.DraftUpdate(baseRevision: 2, content: content).content() == content)
        let draft = Draft(id: Draft.ID(rawValue: "4")!, owner: Self.author.id, content: content, revision: 2, createdAt: Self.now, updatedAt: Self.now)
        #expect(try Components.Schemas.Draft(draft).model() == draft)
    }

    @Test("A dream without its details is a mismatch naming the field, not an update")
    func dreamWithoutDetails() throws {
        var wire = try Components.Schemas.Entry(Self.shown(.update))
        wire.kind = .dream
        #expect(throws: WireMismatch(type: "Dream", value: "", field: "dream", reason: Entry.Kind.Mismatch.dreamWithoutDetails.message)) {
            try wire.model()
        }
    }

    @Test("A number of creatures outside 1…10 is a mismatch, not the nearest count")
    func creatureCountOutOfRange() throws {
        var wire = try Components.Schemas.Entry(Self.shown(.dream(DreamDetails(creature: .dragon))))
        wire.dream?.numberOfCreatures = 11
        #expect(throws: WireMismatch(type: "CreatureCount", value: "11", field: "dream.number_of_creatures", reason: CreatureCount.outOfRange)) {
            try wire.model()
        }
    }

    @Test("An empty ID is a mismatch naming its field")
    func emptyIdentifier() throws {
        var wire = try Components.Schemas.Entry(Self.shown(.journal))
        wire.authorId = ""
        #expect(throws: WireMismatch(type: "ID", value: "", field: "author_id")) { try wire.model() }
    }

    @Test("A conversation lists its participants' accounts in the order of their IDs, and reads back the same")
    func conversationRoundTrip() throws {
        let other = Account(id: Account.ID(rawValue: "12")!, username: "bea", createdAt: Self.now)
        let conversation = Conversation(
            id: Conversation.ID(rawValue: "5")!, participants: [other.id, Self.author.id], createdAt: Self.now, lastMessageAt: nil
        )
        let wire = try Components.Schemas.Conversation(conversation, accounts: [other.id: other, Self.author.id: Self.author])
        #expect(wire.participants == ["7", "12"])
        let read = try wire.model()
        #expect(read.conversation == conversation)
        #expect(read.accounts == [Self.author, other])
    }

    @Test("A notification group reads back as the same group, and says who did what")
    func notificationRoundTrip() throws {
        let other = Account(id: Account.ID(rawValue: "12")!, username: "bea", createdAt: Self.now)
        let group = NotificationGroup(
            id: AccountNotification.ID(rawValue: "9")!, oldestID: AccountNotification.ID(rawValue: "4")!, kind: .marked, count: 3,
            actors: [other, Self.author], entry: Self.shown(.update), createdAt: Self.now, unread: true
        )
        let wire = try Components.Schemas.Notification(group)
        #expect(wire.summary == "@bea and 1 other marked your entry")
        #expect(try wire.model() == group)
    }
}
