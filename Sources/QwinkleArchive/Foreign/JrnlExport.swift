import Foundation
import QwinkleKit

/// A jrnl journal as `jrnl --format json` writes it: `{"tags": {...}, "entries": [{"title", "body", "date": "YYYY-MM-DD",
/// "time": "HH:MM", "tags": [...], "starred": false}]}`.
///
/// Each entry becomes a private journal entry: jrnl keeps a journal for its writer alone, so nothing it held is shown
/// to anyone until its owner chooses to; a starred entry is marked. jrnl writes local times without a zone; they are
/// read in the zone given.
public enum JrnlExport {
    /// The origin imported jrnl entries are remembered under.
    public static let origin = "jrnl"

    /// Whether some JSON looks like a jrnl export: an object whose `entries` are objects with `date` and `time`.
    public static func looksLikeExport(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any]).map(looksLikeExport) ?? false
    }

    /// Whether a parsed JSON object is shaped as a jrnl export.
    static func looksLikeExport(_ object: [String: Any]) -> Bool {
        guard let entries = object["entries"] as? [Any] else { return false }
        guard let first = entries.first as? [String: Any] else { return entries.isEmpty && object["tags"] != nil }
        return first["date"] is String && first["time"] is String
    }

    /// Reads a jrnl export; its times are taken to be in `timeZone`.
    public static func read(_ data: Data, timeZone: TimeZone = .gmt) throws(ForeignExportError) -> ArchiveContents {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .notJSON(format: "jrnl")
        }
        return try read(object, timeZone: timeZone)
    }

    /// Reads an export already parsed, so a file told apart by its shape is parsed once.
    static func read(_ object: [String: Any], timeZone: TimeZone = .gmt) throws(ForeignExportError) -> ArchiveContents {
        let format = "jrnl"
        guard let list = object["entries"] as? [Any] else { throw .missingEntries(format: format) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var entries: [ArchivedEntry] = []
        for (index, item) in list.enumerated() {
            guard let fields = item as? [String: Any] else { throw .badEntry(format: format, index: index, field: "entry") }
            guard let day = fields["date"] as? String else { throw .badEntry(format: format, index: index, field: "date") }
            guard let time = fields["time"] as? String else { throw .badEntry(format: format, index: index, field: "time") }
            guard let title = fields["title"] as? String else { throw .badEntry(format: format, index: index, field: "title") }
            let body = fields["body"] as? String ?? ""
            guard let written = date(day: day, time: time, calendar: calendar) else {
                throw .badDate(format: format, index: index, text: "\(day) \(time)")
            }
            let text = Self.text(title: title, body: body)
            let sourceID = (fields["uuid"] as? String).map { "uuid:\($0)" }
                ?? "\(day)T\(time):\(SourceFingerprint.of(text))"
            entries.append(
                ArchivedEntry(
                    sourceID: sourceID, content: EntryContent(kind: .journal, body: text, visibility: .private), createdAt: written,
                    marked: fields["starred"] as? Bool ?? false
                )
            )
        }
        return ArchiveContents(origin: origin, entries: entries.sorted { $0.createdAt < $1.createdAt })
    }

    /// The entry's text as jrnl shows it: the title (its first sentence) on the first line, the body after it.
    static func text(title: String, body: String) -> String {
        let rest = body.trimmingCharacters(in: .whitespacesAndNewlines)
        let head = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if rest.isEmpty { return head }
        if head.isEmpty { return rest }
        return head + "\n" + rest
    }

    /// `YYYY-MM-DD` and `HH:MM` (seconds allowed) in the calendar's zone.
    private static func date(day: String, time: String, calendar: Calendar) -> Date? {
        let dayParts = day.split(separator: "-").compactMap { Int($0) }
        let timeParts = time.split(separator: ":").compactMap { Int($0) }
        guard dayParts.count == 3, (2...3).contains(timeParts.count) else { return nil }
        let components = DateComponents(
            year: dayParts[0], month: dayParts[1], day: dayParts[2],
            hour: timeParts[0], minute: timeParts[1], second: timeParts.count == 3 ? timeParts[2] : 0
        )
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}
