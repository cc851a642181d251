import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

/// An entry as lists and its own page show it. Built from the entry as the services show it to the visitor, so a
/// page shows exactly what the API would answer the same person.
struct EntryView: Sendable {
    /// A photo in an entry.
    struct PhotoView: Sendable {
        let url: String
        let alt: String
        /// Its size, when known: the browser keeps its place before the bytes come.
        let size: SizeView?
    }

    /// A photo's width and height in pixels.
    struct SizeView: Sendable {
        let width: Int
        let height: Int
    }

    /// One of the content's lines: "Location: Harbour café".
    struct LineView: Sendable {
        let name: String
        let label: String
        let text: String
    }

    /// A dream's details in words.
    struct DreamView: Sendable {
        /// Such as "3 × Pink unicorn, with magic, fireflies": the card's caption and its alt text.
        let summary: String
    }

    let id: String
    let url: String
    let author: AccountView
    let kind: String
    let kindLabel: String
    /// The body as HTML: escaped, with its links clickable.
    let bodyHTML: String
    /// What the author wrote, for a template to show a plain value as it is (`{{content.body}}`); what needs words
    /// or markup (the kind's label, the linked body, a dream's summary) has a field of its own here.
    let content: EntryContent
    let photos: [PhotoView]
    /// The content's lines it carries, each with what people call it.
    let lines: [LineView]
    let hasPhotos: Bool
    /// The content warning the text hides behind until opened (a `<details>`, so no script is needed), if any.
    let warning: String?
    /// Where the photos are: behind the warning with the text (sensitive, with a warning), behind a warning of their
    /// own (sensitive, without one), or shown.
    let photosBehindWarning: Bool
    let photosBehindOwnWarning: Bool
    let photosShown: Bool
    /// "photo" or "photos", for the sensitive photos' own warning.
    let photosWord: String
    let visibility: String
    let visibilityLabel: String
    /// When it was posted, for `<time datetime>` and for people.
    let createdAt: String
    let createdText: String
    let edited: Bool
    /// Whether it came from an archive.
    let imported: Bool
    let revision: Int
    let marked: Bool
    /// Whether the viewer shared it, and whether it may be shared (a public entry).
    let shared: Bool
    let canShare: Bool
    /// Whether the viewer bookmarked it.
    let bookmarked: Bool
    /// Whether its author pinned it to their profile, and whether the viewer may pin it (`Policy.pinProblem`).
    let pinned: Bool
    let canPin: Bool
    /// "3 marks", "1 share": `nil` when there are none.
    let marksText: String?
    let sharesText: String?
    /// Whether the viewer wrote it, so may edit and delete it.
    let mine: Bool
    let dream: DreamView?
    /// Where its dream card is, for dreams.
    let cardURL: String
    /// Where its narrow dream card is, drawn for a phone's column so its words stay readable there.
    let narrowCardURL: String
    /// What a copy of it would send to `POST /api/qwinkle/v1/entries`, as JSON, for the dreams list's Duplicate and undo.
    let contentJSON: String
    /// The entry it answers, when the viewer may read that one.
    let replyingTo: ReplyingTo?
    /// The parent's ID, for a page's script to place the article under it (`data-parent-id`).
    let parentID: String?
    /// Whether it answers an entry the viewer cannot see (hidden or gone): shown as "A reply", naming nothing.
    let isUnavailableReply: Bool
    /// "1 reply", "3 replies": the replies the viewer may read; `nil` for none.
    let repliesText: String?
    /// Whether the viewer may answer it: they are signed in, and the services only show what they may read.
    let canReply: Bool
    /// The reply form's page for it.
    let replyURL: String
    /// Who shared it into the viewer's home timeline, when it is there as a share.
    let sharedBy: AccountView?
    /// Where an entry of another server was written.
    let original: Original?

    /// An entry's address on the server it was written on, as its footer links it.
    struct Original: Sendable {
        let url: String
        /// The server's name, for the link's words.
        let host: String
    }

    /// The entry a reply answers, as its article links it.
    struct ReplyingTo: Sendable {
        let url: String
        let username: String
    }

    /// An entry as `viewer` is shown it; `signedIn` says whether the visitor may reply, for a rendering shared by
    /// every signed-in viewer that is not the author (a live article).
    init(_ shown: TimelineEntry, viewer: Account?, signedIn: Bool? = nil) {
        let entry = shown.entry
        id = entry.id.rawValue
        url = "/entries/\(entry.id)"
        author = AccountView(shown.author)
        kind = entry.kind.name.rawValue
        kindLabel = Self.kindLabels[entry.kind.name.rawValue] ?? entry.kind.name.rawValue
        // A note of another server is shown in its own markup, reduced to the allow-list when it was kept.
        bodyHTML = EntryHTML.shown(entry.content) ?? HTML.linked(entry.body, mentions: entry.mentions)
        content = entry.content
        // A photo posted elsewhere without alt text (an older client, an import) is still named as a photo: an empty
        // alt would tell screen readers it is decoration and skip it.
        photos = entry.photos.map { photo in
            let alt = photo.alt.trimmingCharacters(in: .whitespacesAndNewlines)
            return PhotoView(url: PhotoURL.path(photo.id), alt: alt.isEmpty ? Self.undescribedPhoto : photo.alt, size: shown.photoSizes[photo.id].map { SizeView(width: $0.width, height: $0.height) })
        }
        hasPhotos = !entry.photos.isEmpty
        warning = entry.content.warning
        photosBehindWarning = hasPhotos && entry.content.sensitive && warning != nil
        photosBehindOwnWarning = hasPhotos && entry.content.sensitive && warning == nil
        photosShown = hasPhotos && !entry.content.sensitive
        photosWord = entry.photos.count == 1 ? "photo" : "photos"
        lines = ContentLine.shown.compactMap { line in entry.content[line: line].map { LineView(name: line.rawValue, label: line.label, text: $0) } }
        visibility = entry.visibility.rawValue
        visibilityLabel = entry.visibility.label
        createdAt = RFC3339.string(from: entry.createdAt)
        createdText = Self.timeText(entry.createdAt)
        edited = entry.editedAt != nil
        imported = entry.importedAt != nil
        revision = entry.revision
        marked = shown.marked
        shared = shown.shared
        bookmarked = shown.bookmarked
        canShare = entry.visibility == .public
        pinned = shown.pinned
        canPin = viewer.map { Policy.pinProblem(entry, by: $0.id) == nil } ?? false
        marksText = Self.count(shown.counts.marks, "mark")
        sharesText = Self.count(shown.counts.shares, "share")
        mine = viewer?.id == entry.author
        dream = entry.dream.map { dream in
            let effects = dream.effects.sorted().map(\.displayName).joined(separator: ", ").lowercased()
            return DreamView(summary: "\(dream.numberOfCreatures.rawValue) × \(dream.creature.displayName)" + (effects.isEmpty ? "" : ", with \(effects)"))
        }
        cardURL = "/api/qwinkle/v1/entries/\(entry.id)/card.svg"
        narrowCardURL = "/entries/\(entry.id)/card-narrow.svg"
        // EntryContent's JSON is the API's new-entry shape, so a page script can post it as it is.
        contentJSON = (try? String(decoding: QwinkleJSON.encode(entry.content), as: UTF8.self)) ?? "{}"
        if case .to(let parent, let parentAuthor) = shown.reply {
            replyingTo = ReplyingTo(url: "/entries/\(parent)", username: parentAuthor.username)
        } else {
            replyingTo = nil
        }
        parentID = shown.reply?.parent?.rawValue
        isUnavailableReply = shown.reply == .unavailable
        repliesText = shown.replyCount > 0 ? (shown.replyCount == 1 ? "1 reply" : "\(shown.replyCount) replies") : nil
        canReply = signedIn ?? (viewer != nil)
        replyURL = "/compose?in_reply_to=\(entry.id)"
        sharedBy = shown.sharedBy.map { AccountView($0.account) }
        original = shown.originalURL.map { Original(url: $0, host: shown.author.host ?? URLComponents(string: $0)?.host ?? $0) }
    }

    /// "1 mark", "3 marks"; `nil` for none.
    private static func count(_ number: Int, _ noun: String) -> String? {
        number == 0 ? nil : number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    /// The alt text of a photo that was posted without one.
    static let undescribedPhoto = "Photo without a description"

    private static let kindLabels = ["update": "Update", "journal": "Journal", "dream": "Dream"]

    /// A time as "21 Nov 2026, 14:05 UTC": unambiguous for every reader without knowing their time zone.
    ///
    /// Cut from the RFC 3339 form, whose fields have fixed places: Foundation's formatter took a twentieth of a
    /// timeline page. Years outside four digits go through the formatter.
    static func timeText(_ date: Date) -> String {
        let stamp = Array(RFC3339.string(from: date).utf8)
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: stamp[range], as: UTF8.self)) }
        guard stamp.count == 24, let year = number(0..<4), year >= 1_583, let day = number(8..<10), let month = number(5..<7),
            monthNames.indices.contains(month - 1)
        else { return formattedTimeText(date) }
        let time = String(decoding: stamp[11..<16], as: UTF8.self)
        return "\(day) \(monthNames[month - 1]) \(year), \(time) UTC"
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `timeText` through Foundation's formatter.
    static func formattedTimeText(_ date: Date) -> String {
        date.formatted(
            Date.VerbatimFormatStyle(
                format: "\(day: .defaultDigits) \(month: .abbreviated) \(year: .defaultDigits), \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits) UTC",
                locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt, calendar: Calendar(identifier: .gregorian)
            )
        )
    }
}

extension Visibility {
    /// The visibility's name in a picker.
    var label: String {
        switch self {
        case .public: "Public"
        case .unlisted: "Unlisted"
        case .followers: "Followers"
        case .journal: "Journal"
        case .private: "Only me"
        }
    }
}
