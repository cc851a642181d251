import Foundation
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite

/// Makes the seeded entries: spread evenly over authors, over the four visibilities (public 40 %, followers 30 %,
/// journal 20 %, private 10 %), one in ten with a photo and one in twenty a dream; one in ten is tagged `tag`.
struct EntryWriter {
    /// The accounts' identifiers, by index.
    let ids: [Account.ID]
    /// The photo files photos are recorded for.
    let photos: [SeedPhoto]
    /// The generator every choice is drawn from.
    var random: SplitMix64
    /// The newest public entry with a photo so far (or public, or any, until there is one): the entry routes' entry.
    private(set) var showcase: Entry.ID?
    /// How good `showcase` is: 2 public with a photo, 1 public, 0 any.
    private var showcaseRank = -1

    /// The tag every tenth entry has.
    static let tag = "daily"

    /// Words the bodies are made of.
    private static let words = [
        "walked", "the", "dog", "coffee", "morning", "rain", "again", "garden", "tomatoes", "finally", "ripe", "train",
        "late", "reading", "a", "good", "book", "baked", "bread", "sunset", "over", "the", "hills", "tired", "happy",
        "cooked", "soup", "for", "everyone", "long", "day", "at", "work", "kids", "asleep", "quiet", "evening", "new",
        "bike", "ride", "to", "the", "lake", "snow", "outside", "movie", "night", "with", "friends",
    ]

    /// Creates a writer of entries by the given accounts.
    init(ids: [Account.ID], photos: [SeedPhoto], random: SplitMix64) {
        self.ids = ids
        self.photos = photos
        self.random = random
    }

    /// Writes entry number `index`, created at `time`, with its photo records.
    mutating func write(index: Int, at time: Date, into load: SQLiteBulkLoad) throws {
        let author = ids[Int.random(in: 0..<ids.count, using: &random)]
        let visibility = pickVisibility()
        let isDream = Int.random(in: 0..<20, using: &random) == 0
        let kind: Entry.Kind = isDream ? .dream(pickDream()) : (visibility.isShort ? .update : .journal)
        var attached: [AttachedPhoto] = []
        if Int.random(in: 0..<10, using: &random) == 0, !photos.isEmpty {
            let file = photos[Int.random(in: 0..<photos.count, using: &random)]
            let photo = try load.insertPhoto(NewPhoto(
                uploader: author, sha256: file.sha256, contentType: file.contentType, byteSize: file.byteSize, createdAt: time
            ))
            attached.append(AttachedPhoto(id: photo, alt: "A square of colour, seeded photo \(index + 1)"))
        }
        // Short entries stay within 140 with a photo counted as 23; journal ones run longer, as journals do.
        let body = makeBody(number: index + 1, maxLength: visibility.isShort ? 100 : 400) + (index % 10 == 0 ? " #\(Self.tag)" : "")
        let entry = try load.insertEntry(NewEntry(
            author: author, content: EntryContent(kind: kind, body: body, photos: attached, visibility: visibility), createdAt: time
        ))
        let rank = visibility == .public ? (attached.isEmpty ? 1 : 2) : 0
        if rank >= showcaseRank {
            showcase = entry.id
            showcaseRank = rank
        }
    }

    /// A visibility by the seeded shares.
    private mutating func pickVisibility() -> Visibility {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: .public
        case 4..<7: .followers
        case 7..<9: .journal
        default: .private
        }
    }

    /// A dream with a random creature, some effects and a count from 1 to 10.
    private mutating func pickDream() -> DreamDetails {
        let creatures = Creature.allCases
        let creature = creatures[Int.random(in: 0..<creatures.count, using: &random)]
        let effects = DreamEffect.allCases.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
        let count = CreatureCount(rawValue: Int.random(in: CreatureCount.range, using: &random)) ?? .one
        return DreamDetails(creature: creature, effects: Set(effects), numberOfCreatures: count)
    }

    /// Words up to a random length of at most `maxLength` characters, after a number that tells entries apart.
    private mutating func makeBody(number: Int, maxLength: Int) -> String {
        var body = "Entry \(number):"
        // Counted alongside: String.count walks the whole string each time.
        var length = body.count
        let target = Int.random(in: min(40, maxLength)...maxLength, using: &random)
        while true {
            let word = Self.words[Int.random(in: 0..<Self.words.count, using: &random)]
            guard length + 1 + word.count <= target else { return body }
            body += " " + word
            length += 1 + word.count
        }
    }
}
