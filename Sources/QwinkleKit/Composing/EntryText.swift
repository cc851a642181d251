import Foundation

/// An entry's text split into what clients show as links — web links, `@mentions` and `#tags` — and the plain text
/// between them. Every client and the server read an entry's mentions and tags through it, so they agree on what
/// is one.
///
/// - A **mention** is `@` at the start of a word, a username (letters, digits and `_`, at most 30), and optionally
///   `@host` (with a `:port` if it has one) for an account elsewhere (`@abe@example.com`). Whether it names an
///   account is the server's to say; one that names nobody stays plain text.
/// - A **tag** is `#` at the start of a word and at most 100 letters, digits and `_`, Unicode letters included,
///   with at least one letter or `_` (so `#1` is not one). Tags compare case-insensitively and by their NFKC form
///   (`Tag.normalized`).
/// - Web links are `LinkScanner`'s, and a `@` or `#` inside one is part of the link.
public struct EntryText: Hashable, Sendable {
    /// A piece of the text; joined together the pieces are the text again.
    public enum Segment: Hashable, Sendable {
        /// Plain text.
        case text(String)
        /// A web link.
        case link(String)
        /// `@name` (the text as written, and the name it stands for).
        case mention(String, MentionName)
        /// `#tag` (the text as written, and the tag's normalized name).
        case tag(String, String)
    }

    /// The pieces in order.
    public let segments: [Segment]

    /// Splits a text.
    public init(_ text: String) {
        guard Self.mayHaveMarkers(text) else {
            segments = LinkScanner.segments(of: text).map { piece in
                switch piece {
                case .text(let plain): .text(String(plain))
                case .link(let link): .link(String(link))
                }
            }
            return
        }
        var segments: [Segment] = []
        var previous: Character?
        for piece in LinkScanner.segments(of: text) {
            switch piece {
            case .link(let link):
                segments.append(.link(String(link)))
                previous = link.last
            case .text(let plain):
                Self.scan(plain, after: previous, into: &segments)
                previous = plain.last
            }
        }
        self.segments = segments
    }

    /// The names mentioned, each once, in the order they first appear.
    public var mentionNames: [MentionName] {
        var seen: Set<MentionName> = []
        return segments.compactMap { segment in
            guard case .mention(_, let name) = segment, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// The tags, normalized, each once, in the order they first appear.
    public var tags: [String] {
        var seen: Set<String> = []
        return segments.compactMap { segment in
            guard case .tag(_, let name) = segment, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// The tags of a text, normalized, each once, in the order they first appear: `EntryText(text).tags`, without
    /// splitting a text that has no `#` at all (most have none, and every entry shown through the API lists its tags).
    public static func tags(of text: String) -> [String] {
        text.utf8.contains(UInt8(ascii: "#")) ? EntryText(text).tags : []
    }

    /// Whether a text has an `@` or a `#` at all: reading its bytes is far cheaper than reading its characters.
    private static func mayHaveMarkers(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "#") }
    }

    /// The longest username a mention may name.
    public static let maxUsername = 30
    /// The longest tag, in characters.
    public static let maxTag = 100

    private static func scan(_ text: Substring, after before: Character?, into segments: inout [Segment]) {
        var plainStart = text.startIndex
        var index = text.startIndex
        var previous = before
        while index < text.endIndex {
            let character = text[index]
            if character == "@" || character == "#", startsWord(after: previous, marker: character) {
                let found = character == "@" ? mention(in: text, at: index) : tag(in: text, at: index)
                if let (segment, end) = found {
                    if plainStart < index { segments.append(.text(String(text[plainStart..<index]))) }
                    segments.append(segment)
                    previous = text[text.index(before: end)]
                    plainStart = end
                    index = end
                    continue
                }
            }
            previous = character
            index = text.index(after: index)
        }
        if plainStart < text.endIndex { segments.append(.text(String(text[plainStart...]))) }
    }

    private static func startsWord(after previous: Character?, marker: Character) -> Bool {
        guard let previous else { return true }
        // `a@b.c` is an address and `x#y` or `&#38;` part of a word, not a mention or a tag.
        return !(isWordCharacter(previous) || previous == marker || previous == "@" || previous == "&" || previous == "/")
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character.unicodeScalars.first?.properties.generalCategory == .nonspacingMark
    }

    private static func isUsernameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }

    private static func mention(in text: Substring, at start: String.Index) -> (Segment, String.Index)? {
        let nameStart = text.index(after: start)
        let nameEnd = text[nameStart...].firstIndex { !isUsernameCharacter($0) } ?? text.endIndex
        let username = text[nameStart..<nameEnd]
        guard !username.isEmpty, username.count <= maxUsername else { return nil }
        var end = nameEnd
        var host: Substring?
        if nameEnd < text.endIndex, text[nameEnd] == "@" {
            let hostStart = text.index(after: nameEnd)
            var hostEnd = text[hostStart...].firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-")) } ?? text.endIndex
            // A sentence's full stop after `@abe@example.com.` is not the host's.
            while hostEnd > hostStart, text[text.index(before: hostEnd)] == "." || text[text.index(before: hostEnd)] == "-" {
                hostEnd = text.index(before: hostEnd)
            }
            guard text[hostStart..<hostEnd].contains("."), text[hostStart] != "." else { return nil }
            // A port, as a server's address may have (`@abe@example.com:8443`); a colon before anything else ends it.
            if hostEnd < text.endIndex, text[hostEnd] == ":" {
                let portStart = text.index(after: hostEnd)
                let portEnd = text[portStart...].firstIndex { !($0.isASCII && $0.isNumber) } ?? text.endIndex
                if (1...5).contains(text.distance(from: portStart, to: portEnd)), portEnd == text.endIndex || !isWordCharacter(text[portEnd]) {
                    hostEnd = portEnd
                }
            }
            host = text[hostStart..<hostEnd]
            end = hostEnd
        }
        // `@abé` is not a mention of `ab`: a name runs to the end of its word.
        if end < text.endIndex, isWordCharacter(text[end]) || text[end] == "@" { return nil }
        return (.mention(String(text[start..<end]), MentionName(username: String(username), host: host.map(String.init))), end)
    }

    private static func tag(in text: Substring, at start: String.Index) -> (Segment, String.Index)? {
        let nameStart = text.index(after: start)
        let nameEnd = text[nameStart...].firstIndex { !isWordCharacter($0) } ?? text.endIndex
        let name = text[nameStart..<nameEnd]
        guard !name.isEmpty, name.count <= maxTag, name.contains(where: { $0.isLetter || $0 == "_" }) else { return nil }
        return (.tag(String(text[start..<nameEnd]), Tag.normalized(name)), nameEnd)
    }
}

/// Tags' names: what makes two spellings one tag.
public enum Tag {
    /// The form tags are compared and stored in: NFKC, then lowercase, so `#Café`, `#CAFÉ` and `#café` written with
    /// a combining accent are one tag, and so are full-width letters and their plain forms.
    public static func normalized(_ name: some StringProtocol) -> String {
        String(name).precomposedStringWithCompatibilityMapping.lowercased().precomposedStringWithCompatibilityMapping
    }

    /// The normalized name of a tag as someone typed it (with or without `#`), or `nil` if it cannot be a tag.
    public static func parse(_ typed: String) -> String? {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        let text = trimmed.hasPrefix("#") ? trimmed : "#" + trimmed
        let parsed = EntryText(text)
        guard parsed.segments.count == 1, case .tag(_, let name) = parsed.segments[0] else { return nil }
        return name
    }
}
