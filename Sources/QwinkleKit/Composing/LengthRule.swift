/// How long an entry may be, and how its length is counted: the one rule that the server enforces and every
/// client counts with, so a counter never says "fits" for a post the server would refuse.
///
/// Length is counted in grapheme clusters (an emoji, a letter with combining marks or a flag is one), except
/// that every `http://` or `https://` link counts `charactersReservedPerURL` whatever its length, and every
/// attached photo counts `charactersReservedPerPhoto`, because sharing it beyond the journal adds its link.
/// The JSON names are those the server publishes at `GET /api/qwinkle/v1/instance`.
public struct LengthRule: Hashable, Sendable, Codable {
    /// The limit for entries seen beyond the journal (`public`, `followers`).
    public var maxCharacters: Int
    /// The limit for `journal` and `private` entries.
    public var journalMaxCharacters: Int
    /// What every link counts, whatever its length.
    public var charactersReservedPerURL: Int
    /// What every attached photo counts.
    public var charactersReservedPerPhoto: Int
    /// The most photos an entry may carry.
    public var maxPhotos: Int

    /// Qwinkle's rule: 140 for short entries, 10,000 for journal and private ones, 23 per link and photo, 4 photos.
    public static let standard = LengthRule()

    /// Creates a rule; the defaults are Qwinkle's.
    public init(
        maxCharacters: Int = 140,
        journalMaxCharacters: Int = 10_000,
        charactersReservedPerURL: Int = 23,
        charactersReservedPerPhoto: Int = 23,
        maxPhotos: Int = Entry.maxPhotos
    ) {
        self.maxCharacters = maxCharacters
        self.journalMaxCharacters = journalMaxCharacters
        self.charactersReservedPerURL = charactersReservedPerURL
        self.charactersReservedPerPhoto = charactersReservedPerPhoto
        self.maxPhotos = maxPhotos
    }

    enum CodingKeys: String, CodingKey {
        case maxCharacters = "max_characters"
        case journalMaxCharacters = "journal_max_characters"
        case charactersReservedPerURL = "characters_reserved_per_url"
        case charactersReservedPerPhoto = "characters_reserved_per_photo"
        case maxPhotos = "max_photos"
    }

    /// The limit for an entry of this visibility.
    public func limit(for visibility: Visibility) -> Int {
        visibility.isShort ? maxCharacters : journalMaxCharacters
    }

    /// The weighted length of a text and its photos.
    public func weightedLength(of body: String, photoCount: Int = 0) -> Int {
        LinkScanner.segments(of: body).reduce(0) { total, segment in
            switch segment {
            case .text(let text): total + text.count
            case .link: total + charactersReservedPerURL
            }
        } + photoCount * charactersReservedPerPhoto
    }

    /// Judges a draft: what it counts, what is left, and whether it may be posted. A content warning counts its
    /// characters as they are (links in it are not links), as Mastodon counts a spoiler text with the status.
    public func assess(body: String, photoCount: Int, visibility: Visibility, warning: String? = nil) -> DraftAssessment {
        DraftAssessment(
            limit: limit(for: visibility),
            weightedLength: weightedLength(of: body, photoCount: photoCount) + (warning?.count ?? 0),
            isEmpty: photoCount == 0 && body.allSatisfy(\.isWhitespace),
            photoCount: photoCount,
            maxPhotos: maxPhotos
        )
    }
}
