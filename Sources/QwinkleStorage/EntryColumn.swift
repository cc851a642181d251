import Foundation
import QwinkleKit

/// The columns of an entry's row, as both SQL backends store it: the one list every select, insert and update of
/// entries (and of scheduled entries, which hold the same content) is written from.
///
/// Selects list the columns in this order, so a column's position in a row is its `rawValue`, and what a query
/// selects after them (a list's cursor) is at `EntryColumn.allCases.count`. The content's side of the row is below,
/// in this file: a field added to `EntryContent` is a case here, its value in `EntryContent.storedValues` and its
/// reading in `EntryContent.init(row:photos:)`, and a migration per backend; no query restates the list.
package enum EntryColumn: Int, CaseIterable, Sendable {
    case id
    case author
    case revision
    case createdAt
    case editedAt
    case importedAt
    case replyTo
    case replyAuthor
    case replyRoot
    case replyJournal
    case mentions
    case kind
    case body
    case visibility
    case dreamCreature
    case dreamEffects
    case dreamCount
    case location
    case contentWarning
    case sensitive
    case unlisted
    case html
    case language
    case linkedMedia

    /// The column's name in SQL.
    package var name: String {
        switch self {
        case .id: "id"
        case .author: "author_id"
        case .revision: "revision"
        case .createdAt: "created_at"
        case .editedAt: "edited_at"
        case .importedAt: "imported_at"
        case .replyTo: "reply_to"
        case .replyAuthor: "reply_to_author"
        case .replyRoot: "reply_root"
        case .replyJournal: "reply_journal"
        case .mentions: "mentions"
        case .kind: "kind"
        case .body: "body"
        case .visibility: "visibility"
        case .dreamCreature: "dream_creature"
        case .dreamEffects: "dream_effects"
        case .dreamCount: "dream_count"
        case .location: "location"
        case .contentWarning: "content_warning"
        case .sensitive: "sensitive"
        case .unlisted: "unlisted"
        case .html: "html"
        case .language: "language"
        case .linkedMedia: "linked_media"
        }
    }

    /// The columns of what an entry answers and whom it mentions, which a scheduled entry's row does not have.
    package static let thread: [EntryColumn] = [.replyTo, .replyAuthor, .replyRoot, .replyJournal, .mentions]
    /// The columns that hold what the author wrote (photos have a table of their own), last in the row.
    package static let content = allCases.filter { $0.rawValue >= EntryColumn.kind.rawValue }

    /// `table.id, table.author_id, …`: the columns in order (every one unless told), for a select.
    package static func selected(_ columns: [EntryColumn] = allCases, from table: String) -> String {
        columns.map { "\(table).\($0.name)" }.joined(separator: ", ")
    }

    /// `kind, body, …`: the content's columns, for an insert.
    package static let contentNames = content.map(\.name).joined(separator: ", ")
}

extension EntryContent {
    /// The values of `EntryColumn.content`, in its order.
    package var storedValues: [StoredValue] {
        let dream = kind.dream
        return EntryColumn.content.map { column in
            switch column {
            case .kind: .text(kind.name.rawValue)
            case .body: .text(body)
            case .visibility: .text(visibility.storedName)
            case .dreamCreature: dream.map { .text($0.creature.rawValue) } ?? .null
            case .dreamEffects: dream.map { .text($0.storedEffects) } ?? .null
            case .dreamCount: dream.map { .integer($0.numberOfCreatures.rawValue) } ?? .null
            case .location: self[line: .location].map(StoredValue.text) ?? .null
            case .contentWarning: self[line: .contentWarning].map(StoredValue.text) ?? .null
            case .sensitive: .integer(sensitive ? 1 : 0)
            case .unlisted: .integer(visibility == .unlisted ? 1 : 0)
            case .html: html.map(StoredValue.text) ?? .null
            case .language: language.map(StoredValue.text) ?? .null
            case .linkedMedia: linkedMedia.isEmpty ? .null : .text(LinkedMedia.stored(linkedMedia))
            case .id, .author, .revision, .createdAt, .editedAt, .importedAt, .replyTo, .replyAuthor, .replyRoot, .replyJournal, .mentions: .null
            }
        }
    }

    /// The content of a row that selects `EntryColumn.allCases` first (or lays a scheduled entry out so), with the
    /// photos read beside it; a value the schema does not allow is a `CorruptRow`.
    package init(row: some StoredRow, photos: [AttachedPhoto]) throws {
        let name = try stored(Entry.Kind.Name.init(rawValue:), try row.requiredText(at: EntryColumn.kind.rawValue), "entry kind")
        var dream: DreamDetails?
        if name == .dream {
            guard let creature = try row.text(at: EntryColumn.dreamCreature.rawValue),
                let effects = try row.text(at: EntryColumn.dreamEffects.rawValue),
                let count = try row.integer(at: EntryColumn.dreamCount.rawValue)
            else { throw CorruptRow(description: "a dream without its details") }
            dream = DreamDetails(
                creature: try stored(Creature.init(rawValue:), creature, "creature"),
                effects: Set(try effects.split(separator: ",").map { try stored(DreamEffect.init(rawValue:), String($0), "dream effect") }),
                numberOfCreatures: try stored(CreatureCount.init(rawValue:), count, "number of creatures")
            )
        }
        self.init(
            kind: try Entry.Kind(name, dream: dream),
            body: try row.requiredText(at: EntryColumn.body.rawValue),
            photos: photos,
            sensitive: try row.integer(at: EntryColumn.sensitive.rawValue) == 1,
            visibility: try Visibility(
                storedName: try row.requiredText(at: EntryColumn.visibility.rawValue), unlisted: try row.integer(at: EntryColumn.unlisted.rawValue) == 1
            ),
            lines: [
                .location: try row.text(at: EntryColumn.location.rawValue),
                .contentWarning: try row.text(at: EntryColumn.contentWarning.rawValue),
            ].compactMapValues { $0 }
        )
        html = try row.text(at: EntryColumn.html.rawValue)
        language = try row.text(at: EntryColumn.language.rawValue)
        linkedMedia = try row.text(at: EntryColumn.linkedMedia.rawValue).map { try LinkedMedia.read($0) } ?? []
    }
}

extension EntryReply {
    /// What a row that selects `EntryColumn.allCases` first replies to, if anything.
    package init?(row: some StoredRow) throws {
        guard let parent = try row.integer(at: EntryColumn.replyTo.rawValue) else { return nil }
        guard let author = try row.integer(at: EntryColumn.replyAuthor.rawValue), let root = try row.integer(at: EntryColumn.replyRoot.rawValue) else {
            throw CorruptRow(description: "a reply without its parent's author or its thread")
        }
        self.init(
            parent: Entry.ID(integer: Int64(parent)), parentAuthor: Account.ID(integer: Int64(author)), root: Entry.ID(integer: Int64(root)),
            journal: try row.integer(at: EntryColumn.replyJournal.rawValue).map { Account.ID(integer: Int64($0)) }
        )
    }

    /// The values of the reply's columns, in `EntryColumn.thread`'s order, with the entry's mentions last.
    package static func storedValues(_ reply: EntryReply?, mentions: [Mention]) throws -> [StoredValue] {
        [
            reply.map { .integer(Int($0.parent.key)) } ?? .null,
            reply.map { .integer(Int($0.parentAuthor.key)) } ?? .null,
            reply.map { .integer(Int($0.root.key)) } ?? .null,
            reply?.journal.map { .integer(Int($0.key)) } ?? .null,
            try Mention.storedValue(mentions),
        ]
    }
}

extension Mention {
    /// The mentions of a row that selects `EntryColumn.allCases` first: JSON, or none.
    package static func stored(row: some StoredRow) throws -> [Mention] {
        guard let text = try row.text(at: EntryColumn.mentions.rawValue) else { return [] }
        do {
            return try QwinkleJSON.makeDecoder().decode([Mention].self, from: Data(text.utf8))
        } catch {
            throw CorruptRow(description: "unreadable mentions \(text)")
        }
    }

    /// How an entry's mentions are stored: their JSON, or nothing for none.
    package static func storedValue(_ mentions: [Mention]) throws -> StoredValue {
        guard !mentions.isEmpty else { return .null }
        return .text(String(decoding: try QwinkleJSON.makeEncoder().encode(mentions), as: UTF8.self))
    }
}

extension LinkedMedia {
    /// The media of an entry's `linked_media` column: JSON.
    package static func read(_ text: String) throws -> [LinkedMedia] {
        do {
            return try QwinkleJSON.makeDecoder().decode([LinkedMedia].self, from: Data(text.utf8))
        } catch {
            throw CorruptRow(description: "unreadable linked media \(text)")
        }
    }

    /// How an entry's linked media are stored: their JSON (a list of plain values always encodes).
    package static func stored(_ media: [LinkedMedia]) -> String {
        (try? QwinkleJSON.makeEncoder().encode(media)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}

/// Where an entry sits in its thread, as the `thread_path` column keeps it: the IDs from the thread's first entry
/// down to it, each as 16 lowercase hexadecimal digits, so that sorting the paths puts every reply right after its
/// parent's subtree starts, replies to one entry oldest first, and an entry's replies are one range of the index.
package enum ThreadPath {
    /// One entry's part of a path.
    package static func segment(_ id: Int64) -> String {
        let digits = String(UInt64(bitPattern: id), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The path of an entry that replies to a parent with this path (an entry that is not a reply has none stored;
    /// its path is its own segment).
    package static func path(of id: Int64, parentPath: String) -> String { parentPath + segment(id) }

    /// The first path after every path below this one: `path` followed by a character above every hex digit.
    package static func end(below path: String) -> String { path + "g" }

    /// The IDs a path names, first entry first.
    package static func ids(in path: String) -> [Int64] {
        var ids: [Int64] = []
        var rest = Substring(path)
        while rest.count >= 16 {
            guard let value = UInt64(rest.prefix(16), radix: 16) else { return ids }
            ids.append(Int64(bitPattern: value))
            rest = rest.dropFirst(16)
        }
        return ids
    }

    /// How many entries deep a path is below another: the difference in their segments.
    package static func depth(of path: String, below top: String) -> Int { (path.count - top.count) / 16 }
}

extension Visibility {
    /// The visibility's name in the `visibility` column: who may read the entry. An unlisted entry is stored as
    /// `public` with `unlisted` set, since it is read by the same people and differs only in where it is listed;
    /// every list of public entries but the public timeline (home, an author's page, threads) holds it as it is.
    package var storedName: String { self == .unlisted ? Visibility.public.rawValue : rawValue }

    /// The visibility stored as `storedName` with the `unlisted` flag; a name the schema does not allow, or the flag
    /// on anything but a public entry, is a `CorruptRow`.
    package init(storedName: String, unlisted: Bool) throws {
        let visibility = try stored(Visibility.init(rawValue:), storedName, "visibility")
        guard unlisted else { self = visibility; return }
        guard visibility == .public else { throw CorruptRow(description: "an unlisted entry stored as \(storedName)") }
        self = .unlisted
    }
}
