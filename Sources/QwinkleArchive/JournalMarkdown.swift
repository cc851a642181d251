import Foundation
import QwinkleKit

/// The `journal/` folder's Markdown: one file per UTC day, each entry a block of front matter (its time, kind,
/// visibility and photos) and then its text, its photos as images, and for a dream one line naming the creature,
/// how many, and the effects. It is meant to be read on its own, in any Markdown viewer; importers read
/// `entries.json`, never this.
public enum JournalMarkdown {
    /// The UTC day an entry belongs to, `2026-11-20`: its file's name.
    public static func day(of date: Date) -> String {
        String(RFC3339.string(from: date).prefix(10))
    }

    /// The first line of a day's file.
    public static func heading(day: String) -> String {
        "# \(day)\n"
    }

    /// One entry's block. Photos are linked relative to the day's file (`../photos/12.jpg`).
    public static func block(for entry: ArchiveEntry) -> String {
        var lines = ["", "---", "time: \(RFC3339.string(from: entry.createdAt))"]
        if let edited = entry.editedAt { lines.append("edited: \(RFC3339.string(from: edited))") }
        lines.append("kind: \(entry.content.kind.name.rawValue)")
        lines.append("visibility: \(entry.content.visibility.rawValue)")
        for line in ContentLine.allCases {
            if let text = entry.content[line: line] { lines.append("\(line.rawValue): \(quoted(text))") }
        }
        if entry.content.sensitive { lines.append("sensitive: true") }
        if !entry.photos.isEmpty {
            lines.append("photos:")
            for photo in entry.photos {
                lines.append("  - file: \(link(photo.file))")
                if !photo.alt.isEmpty { lines.append("    alt: \(quoted(photo.alt))") }
            }
        }
        lines.append("---")
        lines.append("")
        if let dream = entry.content.dream { lines.append(dreamLine(dream)); lines.append("") }
        if !entry.content.body.isEmpty { lines.append(entry.content.body); lines.append("") }
        for photo in entry.photos {
            lines.append("![\(escapedAlt(photo.alt))](\(link(photo.file)))")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A dream's line: "Dream: 3 × Dragon, with Fire breathing and Rain."
    public static func dreamLine(_ dream: DreamDetails) -> String {
        let effects = dream.effects.sorted().map(\.displayName)
        let with: String = switch effects.count {
        case 0: ", with no effects"
        case 1: ", with \(effects[0])"
        default: ", with \(effects.dropLast().joined(separator: ", ")) and \(effects[effects.count - 1])"
        }
        return "**Dream:** \(dream.numberOfCreatures.rawValue) × \(dream.creature.displayName)\(with)."
    }

    /// A photo's file as the day's file links it.
    private static func link(_ file: String) -> String {
        "../\(file)"
    }

    /// A YAML string in double quotes, so any alt text is one value.
    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Alt text inside `![…]`, its brackets and line breaks kept from ending the image.
    private static func escapedAlt(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: "\n", with: " ")
    }
}
