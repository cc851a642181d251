import Foundation
import QwinkleKit

/// A Day One export: a ZIP holding one JSON file per journal at its root (`Journal.json`, or the journal's name) and a
/// `photos/` folder whose files are named by their MD5 and type (`photos/<md5>.jpeg`).
///
/// Each journal file is `{"metadata": {"version": "1.0"}, "entries": [...]}`; an entry has a `uuid`, a `creationDate`
/// (RFC 3339), a `modifiedDate`, its Markdown `text` in which a photo stands as `![](dayone-moment://<identifier>)`,
/// `photos` (`identifier`, `md5`, `type`, `orderInEntry`), `tags` and `starred`. Entries become private journal
/// entries, as a diary's are; the photo markers leave the text and the photos are attached in their order, and a
/// starred entry is marked.
public enum DayOneExport {
    /// The origin imported Day One entries are remembered under.
    public static let origin = "dayone"

    /// The image types Qwinkle keeps, as Day One names them; others (HEIC, videos) are left out with a warning.
    static let keptTypes: Set<String> = ["jpeg", "jpg", "png", "gif", "webp"]

    /// The journal files among an archive's paths: JSON at its root.
    public static func journalFiles(in paths: some Sequence<String>) -> [String] {
        paths.filter { !$0.contains("/") && $0.lowercased().hasSuffix(".json") }.sorted()
    }

    /// Reads the journals of a Day One export; `paths` are the archive's file paths, so a photo the JSON names but the
    /// archive lacks is left out with a warning instead of failing the import later.
    public static func read(journals: [Data], paths: Set<String>) throws(ForeignExportError) -> ArchiveContents {
        let format = "Day One"
        var entries: [ArchivedEntry] = []
        var warnings: [String] = []
        var index = 0
        for data in journals {
            guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw .notJSON(format: format)
            }
            guard let list = object["entries"] as? [Any] else { throw .missingEntries(format: format) }
            for item in list {
                defer { index += 1 }
                guard let fields = item as? [String: Any] else {
                    throw .badEntry(format: format, index: index, field: "entry")
                }
                guard let uuid = fields["uuid"] as? String else {
                    throw .badEntry(format: format, index: index, field: "uuid")
                }
                guard let created = fields["creationDate"] as? String else {
                    throw .badEntry(format: format, index: index, field: "creationDate")
                }
                guard let createdAt = RFC3339.date(from: created) else {
                    throw .badDate(format: format, index: index, text: created)
                }
                let modifiedAt = (fields["modifiedDate"] as? String).flatMap(RFC3339.date(from:))
                let photos = Self.photos(fields["photos"] as? [Any] ?? [], entry: index, paths: paths, warnings: &warnings)
                let tags = (fields["tags"] as? [Any] ?? []).compactMap { $0 as? String }
                entries.append(
                    ArchivedEntry(
                        sourceID: uuid,
                        content: EntryContent(kind: .journal, body: text(markdown: fields["text"] as? String ?? "", tags: tags), visibility: .private),
                        createdAt: createdAt,
                        editedAt: modifiedAt.flatMap { $0 > createdAt ? $0 : nil }, photos: photos,
                        marked: fields["starred"] as? Bool ?? false
                    )
                )
            }
        }
        return ArchiveContents(origin: origin, entries: entries.sorted { $0.createdAt < $1.createdAt }, warnings: warnings)
    }

    /// The entry's photos that can come along, in Day One's order, at most `Entry.maxPhotos`.
    private static func photos(_ list: [Any], entry: Int, paths: Set<String>, warnings: inout [String]) -> [ArchivedPhoto] {
        let described = list.compactMap { $0 as? [String: Any] }.enumerated().sorted {
            ($0.element["orderInEntry"] as? Int ?? $0.offset) < ($1.element["orderInEntry"] as? Int ?? $1.offset)
        }
        var photos: [ArchivedPhoto] = []
        for (_, photo) in described {
            guard let md5 = photo["md5"] as? String, md5.allSatisfy(\.isHexDigit), !md5.isEmpty else {
                warnings.append("Entry \(entry + 1): a photo without an MD5 was left out.")
                continue
            }
            let type = (photo["type"] as? String ?? "jpeg").lowercased()
            guard keptTypes.contains(type) else {
                warnings.append("Entry \(entry + 1): a \(type) photo was left out; Qwinkle keeps JPEG, PNG, GIF and WebP.")
                continue
            }
            let path = "photos/\(md5).\(type)"
            guard paths.contains(path) else {
                warnings.append("Entry \(entry + 1): the photo \(path) is not in the archive and was left out.")
                continue
            }
            guard photos.count < Entry.maxPhotos else {
                warnings.append("Entry \(entry + 1): only its first \(Entry.maxPhotos) photos came along.")
                break
            }
            photos.append(ArchivedPhoto(path: path))
        }
        return photos
    }

    /// Day One's Markdown as plain text: photo markers out, backslash escapes undone, blank runs closed, and the
    /// entry's tags on a last line, since Qwinkle has no tags of its own and search finds them there.
    static func text(markdown: String, tags: [String]) -> String {
        var lines: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let kept = unescaped(removingMoments(String(line)))
            if kept.trimmingCharacters(in: .whitespaces).isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(kept.trimmingCharacters(in: .whitespaces).isEmpty ? "" : kept)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let tagLine = tags.map { "#" + $0.replacingOccurrences(of: " ", with: "_") }.joined(separator: " ")
        if !tagLine.isEmpty { lines.append(contentsOf: lines.isEmpty ? [tagLine] : ["", tagLine]) }
        return lines.joined(separator: "\n")
    }

    /// The line without `![...](dayone-moment://...)` markers.
    private static func removingMoments(_ line: String) -> String {
        var rest = Substring(line)
        var kept = ""
        while let start = rest.range(of: "![") {
            guard
                let close = rest[start.upperBound...].range(of: "](dayone-moment:"),
                let end = rest[close.upperBound...].firstIndex(of: ")")
            else { break }
            kept += rest[..<start.lowerBound]
            rest = rest[rest.index(after: end)...]
        }
        return kept + rest
    }

    /// Markdown's backslash escapes (`\.`, `\!`, `\(`) as the characters they stand for.
    private static func unescaped(_ line: String) -> String {
        var result = ""
        var escaping = false
        for character in line {
            if escaping {
                if !(character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol) {
                    result.append("\\")
                }
                result.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }
}
