import Foundation
import QwinkleKit

extension ArchiveContents {
    /// The contents with an entry that the file holds more than once (the same source ID: a jrnl entry written twice
    /// with the same time and text) kept once, and each such entry named in a warning. Without this, the repeats
    /// would be reported as imported before, which on a new account is plainly wrong.
    public func removingDuplicates(timeZone: TimeZone) -> ArchiveContents {
        var copies: [String: Int] = [:]
        for entry in entries { copies[entry.sourceID, default: 0] += 1 }
        guard copies.values.contains(where: { $0 > 1 }) else { return self }
        var result = self
        var kept: Set<String> = []
        result.entries = entries.filter { kept.insert($0.sourceID).inserted }
        for entry in result.entries {
            guard let count = copies[entry.sourceID], count > 1 else { continue }
            result.warnings.append(
                "The entry of \(ImportWording.label(entry, timeZone: timeZone)) is in the file \(count) times, "
                    + "a duplicate within the file; it was imported once."
            )
        }
        return result
    }

    /// The contents with each entry longer than `rule` allows split into consecutive entries that fit, each split
    /// named in a warning. jrnl and Day One set no limit, so a journal kept there may hold an entry longer than any
    /// here; refusing the whole journal for it would leave the person with nothing.
    ///
    /// Only entries without a history are split (another app's): a Qwinkle archive's entry with its revisions is
    /// left whole, and the import refuses it if it does not fit.
    public func splittingLongEntries(_ rule: LengthRule, timeZone: TimeZone) -> ArchiveContents {
        var result = self
        result.entries = []
        for entry in entries {
            let limit = rule.limit(for: entry.content.visibility)
            guard entry.revisions.isEmpty, rule.weightedLength(of: entry.content.body, photoCount: entry.photos.count) > limit else {
                result.entries.append(entry)
                continue
            }
            let parts = entry.splitting(toFit: rule)
            result.entries += parts
            result.warnings.append(
                "The entry of \(ImportWording.label(entry, timeZone: timeZone)) has \(ImportWording.grouped(entry.content.body.count)) "
                    + "characters, more than the \(ImportWording.grouped(limit)) an entry holds here, so it was split into "
                    + "\(parts.count) consecutive entries."
            )
        }
        return result
    }
}

extension ArchivedEntry {
    /// The entry as consecutive entries, each within `rule`'s limit: the text cut at a paragraph, else a line, else a
    /// space, as late as fits; each part a second after the one before, so they read in order. The first part keeps
    /// the source ID (and the photos and the mark); the others add `#2`, `#3`, so a second import still finds each.
    func splitting(toFit rule: LengthRule) -> [ArchivedEntry] {
        let limit = rule.limit(for: content.visibility)
        let texts = Self.pieces(of: content.body, limit: limit) { text, isFirst in
            rule.weightedLength(of: text, photoCount: isFirst ? photos.count : 0)
        }
        return texts.enumerated().map { index, text in
            var part = self
            part.content.body = text
            if index > 0 {
                part.sourceID = "\(sourceID)#\(index + 1)"
                part.createdAt = createdAt.addingTimeInterval(TimeInterval(index))
                part.editedAt = nil
                part.photos = []
                part.marked = false
            }
            return part
        }
    }

    /// `text` cut into pieces that each measure at most `limit`, whitespace at the cuts dropped.
    static func pieces(of text: String, limit: Int, measure: (String, Bool) -> Int) -> [String] {
        let characters = Array(text)
        var pieces: [String] = []
        var start = 0
        while start < characters.count {
            let isFirst = pieces.isEmpty
            let rest = String(characters[start...])
            if measure(rest, isFirst) <= limit {
                pieces.append(rest)
                break
            }
            // The longest run from `start` that fits, by bisection: `low` characters fit, `high` do not.
            var low = 0
            var high = characters.count - start
            while high - low > 1 {
                let middle = (low + high) / 2
                if measure(String(characters[start..<(start + middle)]), isFirst) <= limit { low = middle } else { high = middle }
            }
            let fitting = max(low, 1)
            let end = start + Self.breakPoint(in: characters[start..<(start + fitting)])
            pieces.append(String(characters[start..<end]))
            start = end
            while start < characters.count, characters[start].isWhitespace { start += 1 }
        }
        return pieces.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// Where to end a piece within `run`: after its last paragraph break, line break or space, whichever comes
    /// first in that order of preference, provided it keeps at least half the run; else the run's end.
    private static func breakPoint(in run: ArraySlice<Character>) -> Int {
        let half = run.count / 2
        let preferences: [(Int) -> Bool] = [
            { run[$0] == "\n" && $0 > run.startIndex && run[$0 - 1] == "\n" },
            { run[$0] == "\n" },
            { run[$0] == " " },
        ]
        for isBreak in preferences {
            if let found = run.indices.last(where: isBreak), found - run.startIndex >= half {
                return found - run.startIndex + 1
            }
        }
        return run.count
    }
}
