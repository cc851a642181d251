import Foundation
import QwinkleClient
import QwinkleKit

/// How the command shows things to people: compact, readable in 80 columns.
enum Printing {
    /// The width human output keeps to.
    static let width = 80

    /// A time as people read it in a list: `2026-11-21 09:30` (UTC).
    static func time(_ date: Date) -> String {
        let text = RFC3339.string(from: date)
        return String(text.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// An entry: a heading line (ID, author, time, visibility, kind, mark, replies), who shared it, what it replies
    /// to, then its content warning (standing for the text and sensitive photos unless `expand`), its text wrapped
    /// and indented, its lines ("Location: Harbour café"), its photos with their alt text, a dream's creature and effects, and
    /// where an entry of another server was written; every line starts with `indent` spaces (a reply in a thread) and
    /// the text wraps within the width left.
    static func entry(_ item: TimelineEntry, indent: Int = 0, expand: Bool = false) -> String {
        let entry = item.entry
        var heading = "#\(entry.id)  @\(item.author.username)"
        if !item.author.displayName.isEmpty { heading += " (\(item.author.displayName))" }
        heading += " · \(time(entry.createdAt)) · \(what(entry.kind.name, for: entry.visibility))"
        if entry.revision > 1 { heading += " · edited" }
        if item.marked { heading += " · ★" }
        if item.shared { heading += " · ⇄" }
        if item.bookmarked { heading += " · 🔖" }
        if item.pinned { heading += " · 📌" }
        if item.counts.marks > 0 { heading += " · " + Plural.count(item.counts.marks, "mark", "marks") }
        if item.counts.shares > 0 { heading += " · " + Plural.count(item.counts.shares, "share", "shares") }
        if item.replyCount > 0 { heading += " · " + Plural.count(item.replyCount, "reply", "replies") }
        var lines = [heading]
        if let share = item.sharedBy { lines.append("    " + share.label) }
        if let reply = item.reply { lines.append("    " + replying(reply)) }
        // A warning stands in place of the text (and of sensitive photos) unless asked to expand it.
        let warning = entry.content.warning
        if let warning { lines.append("    ⚠ \(warning)" + (expand ? "" : "  [hidden: --expand shows it]")) }
        if warning == nil || expand {
            lines += TextWrapping.lines(of: entry.body, width: width - 4 - indent).map { "    " + $0 }
        }
        for line in ContentLine.shown {
            if let text = entry.content[line: line] { lines.append("    \(line.label): \(text)") }
        }
        let photosHidden = entry.content.sensitive && !expand
        if photosHidden && !entry.photos.isEmpty {
            lines.append("    [\(Plural.count(entry.photos.count, "sensitive photo")) hidden: --expand shows them]")
        }
        for photo in entry.photos where !photosHidden {
            let size = item.photoSizes[photo.id].map { " \($0.width)×\($0.height)" } ?? ""
            lines.append("    [photo \(photo.id)\(size)\(photo.alt.isEmpty ? "" : ": \(photo.alt)")]")
        }
        if let dream = entry.dream {
            let effects = dream.effects.sorted().map(\.displayName).joined(separator: ", ")
            lines.append("    [dream: \(dream.numberOfCreatures) × \(dream.creature.displayName)\(effects.isEmpty ? "" : "; \(effects)")]")
        }
        if let original = item.originalURL { lines.append("    ↗ \(original)") }
        let margin = String(repeating: " ", count: indent)
        return lines.map { margin + $0 }.joined(separator: "\n")
    }

    /// What a reply answers, as far as the reader may know: "↳ replying to @abe (entry #12)", or only "↳ a reply"
    /// when the parent is hidden from them or gone (no ID, no author: that would tell of a hidden entry).
    static func replying(_ reply: ShownReply) -> String {
        switch reply {
        case .to(let parent, _): "\(reply.label) (entry #\(parent))"
        case .unavailable: reply.label
        }
    }

    /// Who reads an entry, in the words the apps use: "for everyone", "for everyone, unlisted", "for followers",
    /// "for journal readers", "for you alone".
    static func audience(_ visibility: Visibility) -> String {
        switch visibility {
        case .public: "for everyone"
        case .unlisted: "for everyone, unlisted"
        case .followers: "for followers"
        case .journal: "for journal readers"
        case .private: "for you alone"
        }
    }

    /// What an entry is and who reads it: "update for everyone", "journal entry for journal readers", "dream for
    /// followers" ("an update for everyone" with `article`). Not "journal · journal": the kind and the visibility
    /// share a word.
    static func what(_ kind: Entry.Kind.Name, for visibility: Visibility, article: Bool = false) -> String {
        let noun = switch kind {
        case .update: article ? "an update" : "update"
        case .journal: article ? "a journal entry" : "journal entry"
        case .dream: article ? "a dream" : "dream"
        }
        return "\(noun) \(audience(visibility))"
    }

    /// Why content may not be posted, in one line: "Too long by 60 characters: an entry for everyone may have 140,
    /// and this one counts 200."
    static func refusal(_ assessment: DraftAssessment, visibility: Visibility) -> String {
        assessment.problems.map { problem in
            guard case .tooLong = problem else { return problem.message }
            return String(problem.message.dropLast())
                + ": an entry \(audience(visibility)) may have \(assessment.limit), and this one counts \(assessment.weightedLength)."
        }.joined(separator: " ")
    }

    /// An account in one line: `@abe (Abraham) — bio`.
    static func account(_ account: Account) -> String {
        var line = "@\(account.username)"
        if !account.displayName.isEmpty { line += " (\(account.displayName))" }
        if !account.bio.isEmpty { line += " — \(account.bio)" }
        return String(line.prefix(width))
    }

    /// A value as pretty JSON, for `--json`.
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try QwinkleJSON.encode(value, pretty: true), as: UTF8.self)
    }
}
