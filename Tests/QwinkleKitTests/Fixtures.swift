import Foundation
import QwinkleKit

/// Sample values shared by the tests. Times are whole milliseconds, as RFC 3339 with milliseconds keeps them.
enum Fixtures {
    static let created = Date(timeIntervalSince1970: 1_795_000_000.25)
    static let edited = Date(timeIntervalSince1970: 1_795_000_600.5)

    static let account = Account(
        id: "acc_1", username: "abe", displayName: "Abraham", bio: "Sixteenth.",
        avatar: "ph_avatar", favoriteCreature: .unicorn(.pink), createdAt: created
    )

    static let photo = Photo(id: "ph_1", contentType: "image/png", byteSize: 1234, sha256: String(repeating: "ab", count: 32))

    static let dream = DreamDetails(creature: .unicorn(.pink), effects: [.rain, .laserFocus], numberOfCreatures: CreatureCount(3)!)

    static let update = Entry(
        id: "ent_1", author: "acc_1", content: EntryContent(kind: .update, body: "Four score and seven years ago", photos: [AttachedPhoto(id: "ph_1", alt: "A field")], visibility: .public), createdAt: created
    )

    static let dreamEntry = Entry(
        id: "ent_2", author: "acc_1", content: EntryContent(kind: .dream(dream), body: "A pink unicorn in the rain", visibility: .followers), revision: 2, createdAt: created, editedAt: edited
    )

    /// Three private dreams of a pink unicorn, for list, undo and screen-state tests.
    static let dreams = (1...3).map { number in
        Entry(
            id: Entry.ID(rawValue: "dream_\(number)")!, author: "acc_1",
            content: EntryContent(kind: .dream(DreamDetails(creature: .unicorn(.pink))), body: "Dream \(number)", visibility: .private), createdAt: created
        )
    }

    static let conversation = Conversation(id: "conv_1", participants: ["acc_1", "acc_2"], createdAt: created)

    static let message = Message(id: "msg_1", conversation: "conv_1", sender: "acc_1", body: "Hello", photos: ["ph_1"], createdAt: created)

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try QwinkleJSON.encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try QwinkleJSON.decode(type, from: Data(json.utf8))
    }
}
